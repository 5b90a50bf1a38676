/**
 * @file The simulator's console commands (formats §1.3/§1.4), one table: `gc`, `ar`, `dt`, `st`, `ci`, `mvo` and
 * Pitchside's `net` act on the whole simulation, `mv`, `mvb`, `pr`, `sn` and Pitchside's `cal` on one robot.
 * Positions given to `mv`/`mvb` are in the robot's team frame, `mvo` in the field frame; mm and degrees. Each
 * command reads the console's tokens (never text split again) and answers a {@link SimulationCommandResult}. The
 * host's console declares its commands from this table, so usage, summary and grammar are written once.
 */
import type { ArgumentGrammar } from '@app/ipc/commandGrammar';
import type { CommandArgs } from '@app/ipc/consoleLine';
import { deg, normalizeAngle } from '@robot-runtime/math/vec2';
import { GAME_CONTROLLER_PROTOCOLS } from '@robot-runtime/protocol/gameController/gameControlPacket';
import { AUTOMATIC_REFEREE_FEATURES, isAutomaticRefereeFeature } from '../gameController/automaticReferee';
import { GAME_CONTROLLER_COMMANDS, type GameController } from '../gameController/GameController';
import { PENALTY_COMMANDS } from '../gameController/penalties';
import type { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import type { SimulatedWorld } from '../physics/SimulatedWorld';
import type { WorldState } from '../physics/WorldState';
import type { SceneModel } from '../scene/SceneModel';
import type { CameraImages } from './CameraImages';
import type { SimulatedRobot } from './SimulatedRobot';
import type { TeamNetwork } from './TeamNetwork';
import { calibrateCommand } from './calibrateCommand';
import { noMore, optionalNumbers, parseNumber, requiredChoice, requiredNumber, requiredWord } from './commandArguments';
import { DONE, fail, SimulationCommandFailure, type SimulationCommandResult } from './commandResult';
import { fromTeamFrame } from './teamFrame';

/** Pacing: as fast as possible, real time, or a fixed number of steps per second (`dt`). */
export type Pacing = { kind: 'off' } | { kind: 'on' } | { kind: 'fps'; fps: number };

/** What the commands change: the parts of a Simulation they reach (the Simulation is one). */
export interface CommandedSimulation {
  readonly gc: GameController;
  readonly physics: SimulatedWorld;
  /** The articulated (MuJoCo) world, when the scene is articulated. */
  readonly articulated: ArticulatedWorld | undefined;
  readonly scene: SceneModel;
  readonly network: TeamNetwork;
  readonly cameraImages: CameraImages;
  readonly worldState: WorldState;
  /** The config/ folder the robots were configured from (`cal save` writes there). */
  readonly configRoot: string;
  pacing: Pacing;
  simulatedTime: boolean;
  robot(name: string): SimulatedRobot | undefined;
  /** Carries every robot to its start pose in its team's half after the teams changed sides. */
  placeForKickOffHalf(): void;
}

/** What every simulator command declares (the console's descriptor takes it over). */
interface CommandInfo {
  /** The command word. */
  readonly name: string;
  /** Usage in SimRobot's notation; a malformed line prints it. */
  readonly usage: string;
  /** One sentence: what the command does. */
  readonly summary: string;
  /** What its arguments may be, for Tab completion. */
  readonly args?: ArgumentGrammar;
}

/** A command for the whole simulation. */
export interface SimulationWideCommand extends CommandInfo {
  readonly scope: 'simulation';
  /** Runs on the arguments after the command word; throws SimulationCommandFailure (see {@link fail}). */
  run(sim: CommandedSimulation, args: CommandArgs): SimulationCommandResult;
}

/** A command for one simulated robot (the console's). */
export interface RobotSimulationCommand extends CommandInfo {
  readonly scope: 'robot';
  /** Runs for `robot` on the arguments after the command word; throws SimulationCommandFailure. */
  run(sim: CommandedSimulation, robot: SimulatedRobot, args: CommandArgs): SimulationCommandResult;
}

/** A simulator command. */
export type SimulationCommand = SimulationWideCommand | RobotSimulationCommand;

const ON_OFF = ['on', 'off'] as const;
const GC_USAGE = 'gc <state> | gc protocol [spl | hsl]';
const GC_PROTOCOL_USAGE = 'gc protocol [spl | hsl]';
const AR_USAGE = 'ar {<feature>} off | on';
const DT_USAGE = 'dt off | on | <fps>';
const CI_USAGE = 'ci off | on | needed | <fps>';
const MVO_USAGE = 'mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]';
const NET_USAGE = 'net loss <0..1> | net delay <ms> [<jitter ms>]';
const MV_USAGE = 'mv <x> <y> <z> [<rotX> <rotY> <rotZ>]';
const MVB_USAGE = 'mvb <x> <y> <z>';
const SN_USAGE = 'sn [whiteNoise | timeDelay | discretization] [on | off]';
const NOISE_KINDS = ['whiteNoise', 'timeDelay', 'discretization'] as const;

/** A positive number of frames per second, or a `badNumber` failure. */
function framesPerSecond(word: string, usage: string): number {
  const fps = parseNumber(word);
  if (fps === undefined || fps <= 0) fail('badNumber', `<fps> must be a positive number, not '${word}'`, usage);
  return fps;
}

/** `gc <state> | gc protocol [spl | hsl]`. */
function gameController(sim: CommandedSimulation, args: CommandArgs): SimulationCommandResult {
  const state = requiredWord(args, GC_USAGE, '<state>');
  if (state === 'protocol') {
    // Without an argument, the current protocol (as a note, the only way a simulation command answers).
    if (args.done) return { kind: 'note', text: `Note: the GameController speaks ${sim.gc.protocol}` };
    const protocol = requiredChoice(args, GC_PROTOCOL_USAGE, GAME_CONTROLLER_PROTOCOLS, '<protocol>');
    noMore(args, GC_PROTOCOL_USAGE);
    sim.gc.protocol = protocol;
    return DONE;
  }
  noMore(args, GC_USAGE);
  if (!(GAME_CONTROLLER_COMMANDS as readonly string[]).includes(state))
    fail('unknownName', `Unknown game state '${state}'`);
  const side = sim.gc.defendsNegativeX;
  const refusal = sim.gc.command(state);
  if (refusal !== undefined) fail('refused', refusal);
  // Half time: the teams change sides, and the robots are carried to their start positions in their new half.
  if (sim.gc.defendsNegativeX !== side && sim.gc.feature('placePlayers')) sim.placeForKickOffHalf();
  return DONE;
}

/** `ar {<feature>} off | on`. */
function automaticReferee(sim: CommandedSimulation, args: CommandArgs): SimulationCommandResult {
  const words = args.words();
  const value = words.pop();
  if (value === undefined) fail('missingArgument', 'missing on | off', AR_USAGE);
  if (value !== 'on' && value !== 'off') fail('syntax', `the last word must be on | off, not '${value}'`, AR_USAGE);
  const unknown = words.find((w) => !isAutomaticRefereeFeature(w));
  if (unknown !== undefined) fail('unknownName', `Unknown feature '${unknown}'`);
  sim.gc.automaticReferee(words.filter(isAutomaticRefereeFeature), value === 'on');
  return DONE;
}

/** `mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]` (field frame). */
function moveObject(sim: CommandedSimulation, args: CommandArgs): SimulationCommandResult {
  const path = requiredWord(args, MVO_USAGE, '<objectPath>');
  const x = requiredNumber(args, MVO_USAGE, '<x>');
  const y = requiredNumber(args, MVO_USAGE, '<y>');
  const z = requiredNumber(args, MVO_USAGE, '<z>');
  const rotation = optionalNumbers(args, MVO_USAGE, ['<rotX>', '<rotY>', '<rotZ>']);
  noMore(args, MVO_USAGE);
  const ball = sim.scene.ball;
  if (ball && (path === ball.objectPath || path === ball.name)) {
    sim.physics.moveBall({ x, y, z: Math.max(z, ball.radius) });
    return DONE;
  }
  const robot = [...sim.scene.robots, ...sim.scene.extras].find((r) => r.objectPath === path || r.name === path);
  if (!robot) fail('unknownObject', `Unknown object '${path}'`);
  const current = sim.worldState.robots.find((r) => r.name === robot.name)!;
  sim.physics.moveRobot(robot.name, {
    rotation: rotation ? normalizeAngle(deg(rotation[2]!)) : current.pose.rotation,
    translation: { x, y },
  });
  return DONE;
}

/** `net loss <0..1> | net delay <ms> [<jitter ms>]`. */
function network(sim: CommandedSimulation, args: CommandArgs): SimulationCommandResult {
  const what = requiredChoice(args, NET_USAGE, ['loss', 'delay'], 'loss | delay');
  if (what === 'loss') {
    const loss = requiredNumber(args, NET_USAGE, '<0..1>');
    noMore(args, NET_USAGE);
    if (loss < 0 || loss > 1) fail('badNumber', `the loss must lie in 0..1, not ${loss}`, NET_USAGE);
    sim.network.options = { ...sim.network.options, loss };
    return DONE;
  }
  const delay = requiredNumber(args, NET_USAGE, '<ms>');
  const jitter = optionalNumbers(args, NET_USAGE, ['<jitter ms>'])?.[0];
  noMore(args, NET_USAGE);
  if (delay < 0 || (jitter ?? 0) < 0) fail('badNumber', 'delay and jitter must not be negative', NET_USAGE);
  sim.network.options = { ...sim.network.options, delay, jitter: jitter ?? sim.network.options.jitter };
  return DONE;
}

/** `mv <x> <y> <z> [<rotX> <rotY> <rotZ>]` (the robot's team frame). */
function moveRobot(sim: CommandedSimulation, robot: SimulatedRobot, args: CommandArgs): SimulationCommandResult {
  const x = requiredNumber(args, MV_USAGE, '<x>');
  const y = requiredNumber(args, MV_USAGE, '<y>');
  requiredNumber(args, MV_USAGE, '<z>');
  const rotation = optionalNumbers(args, MV_USAGE, ['<rotX>', '<rotY>', '<rotZ>']);
  noMore(args, MV_USAGE);
  const name = robot.name;
  const current = sim.worldState.robots.find((r) => r.name === name)!;
  const team = fromTeamFrame(
    { rotation: rotation ? deg(rotation[2]!) : 0, translation: { x, y } },
    robot.def.team !== sim.gc.defendsNegativeX,
  );
  sim.physics.moveRobot(name, {
    rotation: rotation ? team.rotation : current.pose.rotation,
    translation: team.translation,
  });
  return DONE;
}

/** `mvb <x> <y> <z>` (the robot's team frame). */
function moveBall(sim: CommandedSimulation, robot: SimulatedRobot, args: CommandArgs): SimulationCommandResult {
  const x = requiredNumber(args, MVB_USAGE, '<x>');
  const y = requiredNumber(args, MVB_USAGE, '<y>');
  const z = requiredNumber(args, MVB_USAGE, '<z>');
  noMore(args, MVB_USAGE);
  const s = robot.def.team !== sim.gc.defendsNegativeX ? -1 : 1;
  sim.physics.moveBall({ x: s * x, y: s * y, z: Math.max(z, sim.scene.ball?.radius ?? 50) });
  return DONE;
}

/** `pr <penalty>`. */
function penalize(sim: CommandedSimulation, robot: SimulatedRobot, args: CommandArgs): SimulationCommandResult {
  const penalty = requiredWord(args, 'pr <penalty>', '<penalty>');
  noMore(args, 'pr <penalty>');
  if (!Object.hasOwn(PENALTY_COMMANDS, penalty)) fail('unknownName', `Unknown penalty '${penalty}'`);
  const refusal = sim.gc.penalize(robot.def.team, robot.def.playerNumber, penalty);
  if (refusal !== undefined) fail('refused', refusal);
  return DONE;
}

/** `sn [whiteNoise | timeDelay | discretization] [on | off]`: white noise on the measured sensors. */
function sensorNoise(sim: CommandedSimulation, robot: SimulatedRobot, args: CommandArgs): SimulationCommandResult {
  const first = args.peek();
  const kind = first !== undefined && (NOISE_KINDS as readonly string[]).includes(first) ? args.next()! : 'whiteNoise';
  const state = args.done ? 'on' : requiredChoice(args, SN_USAGE, ON_OFF, 'on | off');
  noMore(args, SN_USAGE);
  if (!sim.articulated)
    return { kind: 'note', text: 'Note: sensors are measured (and noisy) only in articulated scenes' };
  if (kind !== 'whiteNoise') return { kind: 'note', text: `Note: ${kind} is not simulated; only whiteNoise` };
  sim.articulated.robot(robot.name).noisy = state === 'on';
  return DONE;
}

/** Every simulator command. */
export const SIMULATION_COMMANDS: readonly SimulationCommand[] = [
  {
    name: 'gc',
    scope: 'simulation',
    usage: GC_USAGE,
    summary:
      'Drive the built-in GameController: game states, goals, kick-offs, set plays, halves; ' +
      "choose the league's packet the robots receive (SPL or the Humanoid Soccer League's).",
    args: { args: [[...GAME_CONTROLLER_COMMANDS]], sub: { protocol: { args: [[...GAME_CONTROLLER_PROTOCOLS]] } } },
    run: gameController,
  },
  {
    name: 'ar',
    scope: 'simulation',
    usage: AR_USAGE,
    summary: 'Switch automatic-referee features (all when none is named).',
    args: { args: [[...AUTOMATIC_REFEREE_FEATURES, ...ON_OFF]], repeat: true },
    run: automaticReferee,
  },
  {
    name: 'dt',
    scope: 'simulation',
    usage: DT_USAGE,
    summary: 'Real-time pacing of simulation steps: real time, as fast as possible, or fps.',
    args: { args: [[...ON_OFF]] },
    run(sim, args) {
      const word = requiredWord(args, DT_USAGE, 'off | on | <fps>');
      noMore(args, DT_USAGE);
      sim.pacing =
        word === 'on' || word === 'off' ? { kind: word } : { kind: 'fps', fps: framesPerSecond(word, DT_USAGE) };
      return DONE;
    },
  },
  {
    name: 'st',
    scope: 'simulation',
    usage: 'st off | on',
    summary: 'Simulated time (Pitchside always runs on simulated time).',
    args: { args: [[...ON_OFF]] },
    run(sim, args) {
      const state = requiredChoice(args, 'st off | on', ON_OFF, 'on | off');
      noMore(args, 'st off | on');
      sim.simulatedTime = state === 'on';
      return state === 'off'
        ? {
            kind: 'note',
            text: 'Note: Pitchside always runs on simulated time, so that runs repeat (st off changes nothing)',
          }
        : DONE;
    },
  },
  {
    name: 'ci',
    scope: 'simulation',
    usage: CI_USAGE,
    summary: 'Render camera images: for robots whose perception reads them (needed), every robot, or none.',
    args: { args: [[...ON_OFF, 'needed']] },
    run(sim, args) {
      const word = requiredWord(args, CI_USAGE, 'off | on | needed | <fps>');
      noMore(args, CI_USAGE);
      if (word === 'off' || word === 'on' || word === 'needed') sim.cameraImages.mode = word;
      else {
        sim.cameraImages.rate = framesPerSecond(word, CI_USAGE);
        sim.cameraImages.mode = 'on';
      }
      return DONE;
    },
  },
  {
    name: 'mvo',
    scope: 'simulation',
    usage: MVO_USAGE,
    summary: 'Move a scene body (robot or ball) by its name, field frame, mm and degrees.',
    run: moveObject,
  },
  {
    name: 'net',
    scope: 'simulation',
    usage: NET_USAGE,
    summary: 'Simulated team network: packet loss, delay and jitter.',
    args: { sub: { loss: {}, delay: {} } },
    run: network,
  },
  {
    name: 'mv',
    scope: 'robot',
    usage: MV_USAGE,
    summary: 'Move the selected simulated robot (team frame, mm and degrees).',
    run: moveRobot,
  },
  {
    name: 'mvb',
    scope: 'robot',
    usage: MVB_USAGE,
    summary: 'Move the ball (team frame of the selected robot, mm).',
    run: moveBall,
  },
  {
    name: 'pr',
    scope: 'robot',
    usage: 'pr <penalty>',
    summary: 'Penalize the selected simulated robot (none lifts the penalty).',
    args: { args: [Object.keys(PENALTY_COMMANDS)] },
    run: penalize,
  },
  {
    name: 'cal',
    scope: 'robot',
    usage: 'cal [save]',
    summary:
      "Start the selected simulated robot's automatic camera calibration (head positions, line points in its " +
      'images, optimisation); save writes what it found to its cameraCalibration.cfg.',
    args: { args: [['save']] },
    run: (sim, robot, args) => calibrateCommand(sim, robot.name, args),
  },
  {
    name: 'sn',
    scope: 'robot',
    usage: SN_USAGE,
    summary: 'Simulated sensor noise of the selected robot (articulated scenes simulate white noise).',
    args: { args: [[...NOISE_KINDS, ...ON_OFF], [...ON_OFF]] },
    run: sensorNoise,
  },
];

const BY_NAME = new Map(SIMULATION_COMMANDS.map((c) => [c.name, c]));

/** The simulator command a word names. */
export function simulationCommand(word: string): SimulationCommand | undefined {
  return BY_NAME.get(word);
}

/**
 * Runs `command` on its arguments (the tokens after the command word): for the whole simulation, or for the
 * robot called `robot` when it is a robot command. Never throws for bad input: every failure is a typed result.
 */
export function runCommand(
  sim: CommandedSimulation,
  command: SimulationCommand,
  args: CommandArgs,
  robot?: string,
): SimulationCommandResult {
  try {
    if (command.scope === 'simulation') {
      if (robot !== undefined) fail('unknownCommand', `'${command.name}' is a command for the whole simulation`);
      return command.run(sim, args);
    }
    if (robot === undefined) fail('unknownCommand', `'${command.name}' is a robot command: it needs a robot`);
    const simulated = sim.robot(robot);
    if (!simulated) fail('notSimulated', `${robot} is not a simulated robot`);
    return command.run(sim, simulated, args);
  } catch (error) {
    if (error instanceof SimulationCommandFailure) return error.error;
    throw error;
  }
}
