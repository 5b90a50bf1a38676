/**
 * @file The simulation area: the simulator's console commands (formats §1.3/§1.4). Simulation-wide ones (`gc`, `ar`,
 * `dt`, `st`, `ci`, `mvo`, `net`, and Pitchside's `sim`) are global commands, so scripts can use them too; `mv`,
 * `mvb`, `pr`, `sn` and Pitchside's `cal` act on one robot and run in each selected robot's console, so the selection (`robot …`) decides
 * which robots they move or penalise, as in SimRobot. The commands themselves are the simulation's text commands
 * (app/simulator/simulation/commands.ts); this file declares them and routes their lines. `sv` writes the current
 * poses as a script beside the scene.
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import {
  CommandError,
  CommandSyntaxError,
  type CommandDescriptor,
  type GlobalCommand,
  type RobotCommand,
} from './types';
import { AUTOMATIC_REFEREE_FEATURES } from '@app/simulator/gameController/automaticReferee';
import { GAME_CONTROLLER_COMMANDS } from '@app/simulator/gameController/GameController';
import { GAME_CONTROLLER_PROTOCOLS } from '@robot-runtime/protocol/gameController/gameControlPacket';
import { PENALTY_COMMANDS } from '@app/simulator/gameController/penalties';
import type { SimulationAction } from '@app/ipc/simulation';
import { savedPosesScript } from '@app/simulator/simulation/savedPoses';
import type { Simulation } from '@app/simulator/simulation/Simulation';

/** What the commands act on: the current simulation (it is replaced on reset). */
export interface CommandTarget {
  /** Runs a simulation-wide line; returns an error text. */
  command(line: string): string | undefined;
  /** Runs a robot line for robot `name`; returns an error text. */
  robotCommand(name: string, line: string): string | undefined;
  /** `sim run | pause | step [<n>] | reset`; throws when there is no simulation. */
  control(action: SimulationAction, steps?: number): void;
  /** `sim time`: simulated time and score. */
  describe(): string;
  /** The current simulation (undefined while loading). */
  simulation(): Simulation | undefined;
}

const ON_OFF = ['on', 'off'];

/** The simulation-wide commands the simulation runs from its text line. */
const GLOBAL: readonly Omit<GlobalCommand, 'scope' | 'run'>[] = [
  {
    name: 'gc',
    usage: 'gc <state> | gc protocol [spl | hsl]',
    summary:
      'Drive the built-in GameController: game states, goals, kick-offs, set plays, halves; ' +
      "choose the league's packet the robots receive (SPL or the Humanoid Soccer League's).",
    args: {
      args: [[...GAME_CONTROLLER_COMMANDS]],
      sub: { protocol: { args: [[...GAME_CONTROLLER_PROTOCOLS]] } },
    },
  },
  {
    name: 'ar',
    usage: 'ar {<feature>} off | on',
    summary: 'Switch automatic-referee features (all when none is named).',
    args: { args: [[...AUTOMATIC_REFEREE_FEATURES, ...ON_OFF]], repeat: true },
  },
  {
    name: 'dt',
    usage: 'dt off | on | <fps>',
    summary: 'Real-time pacing of simulation steps: real time, as fast as possible, or fps.',
    args: { args: [ON_OFF] },
  },
  {
    name: 'st',
    usage: 'st off | on',
    summary: 'Simulated time (Pitchside always runs on simulated time).',
    args: { args: [ON_OFF] },
  },
  {
    name: 'ci',
    usage: 'ci off | on | needed | <fps>',
    summary: 'Render camera images: for robots whose perception reads them (needed), every robot, or none.',
    args: { args: [[...ON_OFF, 'needed']] },
  },
  {
    name: 'mvo',
    usage: 'mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]',
    summary: 'Move a scene body (robot or ball) by its name, field frame, mm and degrees.',
  },
  {
    name: 'net',
    usage: 'net loss <0..1> | net delay <ms> [<jitter ms>]',
    summary: 'Simulated team network: packet loss, delay and jitter.',
    args: { sub: { loss: {}, delay: {} } },
  },
];

/** The per-robot commands. */
const ROBOT: readonly Omit<RobotCommand, 'scope' | 'run' | 'forable'>[] = [
  {
    name: 'mv',
    usage: 'mv <x> <y> <z> [<rotX> <rotY> <rotZ>]',
    summary: 'Move the selected simulated robot (team frame, mm and degrees).',
  },
  { name: 'mvb', usage: 'mvb <x> <y> <z>', summary: 'Move the ball (team frame of the selected robot, mm).' },
  {
    name: 'pr',
    usage: 'pr <penalty>',
    summary: 'Penalize the selected simulated robot (none lifts the penalty).',
    args: { args: [Object.keys(PENALTY_COMMANDS)] },
  },
  {
    name: 'cal',
    usage: 'cal [save]',
    summary:
      "Calibrate the selected simulated robot's cameras from the field lines it sees where it stands; save writes " +
      'its cameraCalibration.cfg.',
    args: { args: [['save']] },
  },
  {
    name: 'sn',
    usage: 'sn [whiteNoise | timeDelay | discretization] [on | off]',
    summary: 'Simulated sensor noise of the selected robot (articulated scenes simulate white noise).',
    args: {
      args: [
        ['whiteNoise', 'timeDelay', 'discretization', 'on', 'off'],
        ['on', 'off'],
      ],
    },
  },
];

const SIM_USAGE = 'sim run | pause | step [<steps>] | reset | time';
const SV_USAGE = 'sv fast | oracle [<file>]';

/** `sv fast | oracle [<file>]`: the poses as a `.con` beside the scene (default `Saved.con`). */
function svCommand(target: CommandTarget): GlobalCommand {
  return {
    name: 'sv',
    scope: 'global',
    usage: SV_USAGE,
    summary: 'Save the ball and robot poses as a .con script of mvo lines beside the scene (default Saved.con).',
    args: { args: [['fast', 'oracle']] },
    run(args, { console }) {
      const mode = args.next();
      const file = args.next() ?? 'Saved.con';
      if ((mode !== 'fast' && mode !== 'oracle') || !args.done) throw new CommandSyntaxError(SV_USAGE);
      if (mode === 'oracle')
        throw new CommandError(
          'sv oracle: Pitchside has no StaticInitialPoseProvider to set; sv fast saves the poses as mvo lines.',
        );
      const sim = target.simulation();
      if (!sim) throw new CommandError('Error: the simulation is not loaded');
      const name = nodePath.extname(file) ? file : `${file}.con`;
      const path = nodePath.resolve(nodePath.dirname(sim.scene.file), name);
      try {
        fs.writeFileSync(path, savedPosesScript(sim.scene, sim.worldState));
      } catch (error) {
        throw new CommandError(
          `Error: cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      console.print(`Saved the poses to ${path}`);
    },
  };
}

/** The simulation area, acting on `target`. */
export function simulationCommands(target: CommandTarget): CommandDescriptor[] {
  const global = GLOBAL.map((info): GlobalCommand => ({
    ...info,
    scope: 'global',
    run(args, { console }) {
      const reply = target.command(`${info.name} ${args.rawRest()}`);
      if (reply !== undefined) console.print(reply);
    },
  }));
  const robot = ROBOT.map((info): RobotCommand => ({
    ...info,
    scope: 'robot',
    forable: false,
    run(args, ctx) {
      const words = args.rest().map((t) => t.text);
      if (words.length === 0 && info.name !== 'cal') throw new CommandSyntaxError(info.usage);
      const reply = target.robotCommand(ctx.console.name, [info.name, ...words].join(' '));
      if (reply === undefined) return 'done';
      if (reply.startsWith('Note:')) {
        ctx.console.print(reply);
        return 'done';
      }
      if (reply.startsWith('Syntax Error')) throw new CommandSyntaxError(info.usage);
      throw new CommandError(reply);
    },
  }));
  const sim: GlobalCommand = {
    name: 'sim',
    scope: 'global',
    usage: SIM_USAGE,
    summary: 'Run, pause, step, reset the simulation, or show its time and score.',
    args: { args: [['run', 'pause', 'step', 'reset', 'time']] },
    run(args, { console }) {
      const what = args.next();
      if (what === 'time' && args.done) return console.print(target.describe());
      if ((what === 'run' || what === 'pause' || what === 'reset') && args.done) return target.control(what);
      if (what !== 'step') throw new CommandSyntaxError(SIM_USAGE);
      const steps = Number(args.next() ?? '1');
      if (!(Number.isInteger(steps) && steps > 0) || !args.done) throw new CommandSyntaxError(SIM_USAGE);
      target.control('step', steps);
      console.update();
    },
  };
  return [...global, ...robot, sim, svCommand(target)];
}
