/**
 * @file The simulation's text commands (formats §1.3/§1.4): `gc`, `ar`, `dt`, `st`, `ci`, `mvo` and Pitchside's
 * `net` for the whole simulation, `mv`, `mvb`, `pr`, `sn` and Pitchside's `cal` for one robot. Positions given to `mv`/`mvb` are in the
 * robot's team frame, `mvo` in the field frame; mm and degrees. Each returns an error text or undefined.
 */
import { deg, normalizeAngle } from '@robot-runtime/math/vec2';
import { GAME_CONTROLLER_PROTOCOLS } from '@robot-runtime/protocol/gameController/gameControlPacket';
import type { GameController } from '../gameController/GameController';
import type { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import type { SimulatedWorld } from '../physics/SimulatedWorld';
import type { WorldState } from '../physics/WorldState';
import type { SceneModel } from '../scene/SceneModel';
import type { CameraImages } from './CameraImages';
import type { SimulatedRobot } from './SimulatedRobot';
import type { TeamNetwork } from './TeamNetwork';
import { calibrateCommand } from './calibrateCommand';
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

const number = (word: string | undefined): number | undefined =>
  word !== undefined && word.trim() !== '' && Number.isFinite(Number(word)) ? Number(word) : undefined;
const numbers = (words: readonly string[]): number[] | undefined => {
  const values = words.map(number);
  return values.every((v) => v !== undefined) ? (values as number[]) : undefined;
};

/**
 * `gc protocol spl | hsl`: which league's packet the robots receive from now on; without an argument, the current
 * one (as a note, the only way a simulation command answers).
 */
function gameControllerProtocol(gc: GameController, args: readonly string[]): string | undefined {
  if (args.length === 0) return `Note: the GameController speaks ${gc.protocol}`;
  const protocol = GAME_CONTROLLER_PROTOCOLS.find((p) => p === args[0]);
  if (args.length !== 1 || !protocol) return 'Syntax Error: gc protocol [spl | hsl]';
  gc.protocol = protocol;
  return undefined;
}

/** Runs a simulation-wide command. */
export function runSimulationCommand(sim: CommandedSimulation, line: string): string | undefined {
  const [word, ...args] = line.trim().split(/\s+/);
  switch (word) {
    case 'gc': {
      if (args[0] === 'protocol') return gameControllerProtocol(sim.gc, args.slice(1));
      if (args.length !== 1) return 'Syntax Error: gc <state> | gc protocol [spl | hsl]';
      const side = sim.gc.defendsNegativeX;
      const error = sim.gc.command(args[0]!);
      // Half time: the teams change sides, and the robots are carried to their start positions in their new half.
      if (!error && sim.gc.defendsNegativeX !== side && sim.gc.feature('placePlayers')) sim.placeForKickOffHalf();
      return error;
    }
    case 'ar':
      return sim.gc.automaticReferee(args);
    case 'dt': {
      const a = args[0];
      if (args.length !== 1) return 'Syntax Error: dt off | on | <fps>';
      if (a === 'off' || a === 'on') sim.pacing = { kind: a };
      else if ((number(a) ?? 0) > 0) sim.pacing = { kind: 'fps', fps: number(a)! };
      else return 'Syntax Error: dt off | on | <fps>';
      return undefined;
    }
    case 'st':
      if (args.length !== 1 || (args[0] !== 'on' && args[0] !== 'off')) return 'Syntax Error: st off | on';
      sim.simulatedTime = args[0] === 'on';
      return args[0] === 'off'
        ? 'Note: Pitchside always runs on simulated time, so that runs repeat (st off changes nothing)'
        : undefined;
    case 'ci': {
      const a = args[0];
      if (args.length !== 1) return 'Syntax Error: ci off | on | needed | <fps>';
      if (a === 'off' || a === 'on' || a === 'needed') sim.cameraImages.mode = a;
      else if ((number(a) ?? 0) > 0) {
        sim.cameraImages.mode = 'on';
        sim.cameraImages.rate = number(a)!;
      } else return 'Syntax Error: ci off | on | needed | <fps>';
      return undefined;
    }
    case 'mvo':
      return moveObject(sim, args);
    case 'net':
      return network(sim, args);
    default:
      return `Unknown simulation command '${word ?? ''}'`;
  }
}

function moveObject(sim: CommandedSimulation, args: readonly string[]): string | undefined {
  const usage = 'Syntax Error: mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]';
  const [path, ...rest] = args;
  const values = numbers(rest);
  if (!path || !values || (values.length !== 3 && values.length !== 6)) return usage;
  const [x, y, z] = values as [number, number, number];
  const ball = sim.scene.ball;
  if (ball && (path === ball.objectPath || path === ball.name)) {
    sim.physics.moveBall({ x, y, z: Math.max(z, ball.radius) });
    return undefined;
  }
  const robot = [...sim.scene.robots, ...sim.scene.extras].find((r) => r.objectPath === path || r.name === path);
  if (!robot) return `Unknown object '${path}'`;
  const current = sim.worldState.robots.find((r) => r.name === robot.name)!;
  sim.physics.moveRobot(robot.name, {
    rotation: values.length === 6 ? normalizeAngle(deg(values[5]!)) : current.pose.rotation,
    translation: { x, y },
  });
  return undefined;
}

function network(sim: CommandedSimulation, args: readonly string[]): string | undefined {
  const usage = 'Syntax Error: net loss <0..1> | net delay <ms> [<jitter ms>]';
  const [what, a, b] = args;
  if (what === 'loss' && number(a) !== undefined && number(a)! >= 0 && number(a)! <= 1 && b === undefined)
    sim.network.options = { ...sim.network.options, loss: number(a)! };
  else if (what === 'delay' && (number(a) ?? -1) >= 0 && (b === undefined || (number(b) ?? -1) >= 0))
    sim.network.options = {
      ...sim.network.options,
      delay: number(a)!,
      jitter: b === undefined ? sim.network.options.jitter : number(b)!,
    };
  else return usage;
  return undefined;
}

/** `sn [whiteNoise | timeDelay | discretization] [on | off]`: white noise on the measured sensors. */
function sensorNoise(sim: CommandedSimulation, name: string, args: readonly string[]): string | undefined {
  const usage = 'Syntax Error: sn [whiteNoise | timeDelay | discretization] [on | off]';
  const kinds = ['whiteNoise', 'timeDelay', 'discretization'];
  const kind = args.length === 2 || (args.length === 1 && kinds.includes(args[0]!)) ? args[0]! : 'whiteNoise';
  const state = args.length === 2 ? args[1] : args.length === 1 && !kinds.includes(args[0]!) ? args[0] : 'on';
  if (args.length > 2 || !kinds.includes(kind) || (state !== 'on' && state !== 'off')) return usage;
  if (!sim.articulated) return 'Note: sensors are measured (and noisy) only in articulated scenes';
  if (kind !== 'whiteNoise') return `Note: ${kind} is not simulated; only whiteNoise`;
  sim.articulated.robot(name).noisy = state === 'on';
  return undefined;
}

/** Runs a command for one simulated robot (the console's selected robot). */
export function runRobotCommand(sim: CommandedSimulation, name: string, line: string): string | undefined {
  const robot = sim.robot(name);
  if (!robot) return `${name} is not a simulated robot`;
  const [word, ...args] = line.trim().split(/\s+/);
  const mirrored = robot.def.team !== sim.gc.defendsNegativeX;
  switch (word) {
    case 'mv': {
      const values = numbers(args);
      if (!values || (values.length !== 3 && values.length !== 6))
        return 'Syntax Error: mv <x> <y> <z> [<rotX> <rotY> <rotZ>]';
      const current = sim.worldState.robots.find((r) => r.name === name)!;
      const team = fromTeamFrame(
        { rotation: values.length === 6 ? deg(values[5]!) : 0, translation: { x: values[0]!, y: values[1]! } },
        mirrored,
      );
      sim.physics.moveRobot(name, {
        rotation: values.length === 6 ? team.rotation : current.pose.rotation,
        translation: team.translation,
      });
      return undefined;
    }
    case 'mvb': {
      const values = numbers(args);
      if (!values || values.length !== 3) return 'Syntax Error: mvb <x> <y> <z>';
      const s = mirrored ? -1 : 1;
      sim.physics.moveBall({
        x: s * values[0]!,
        y: s * values[1]!,
        z: Math.max(values[2]!, sim.scene.ball?.radius ?? 50),
      });
      return undefined;
    }
    case 'pr':
      if (args.length !== 1) return 'Syntax Error: pr <penalty>';
      return sim.gc.penalize(robot.def.team, robot.def.playerNumber, args[0]!);
    case 'sn':
      return sensorNoise(sim, name, args);
    case 'cal':
      return calibrateCommand(sim, name, args);
    default:
      return `Unknown robot command '${word ?? ''}'`;
  }
}
