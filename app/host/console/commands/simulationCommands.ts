/**
 * @file The simulation area of the console (formats §1.3/§1.4): the simulator's commands, declared from its one
 * table (app/simulator/simulation/commands.ts). Simulation-wide ones (`gc`, `ar`, `dt`, `st`, `ci`, `mvo`, `net`)
 * are global commands, so scripts can use them too; `mv`, `mvb`, `pr`, `sn` and Pitchside's `cal` act on one robot
 * and run in each selected robot's console, so the selection (`robot …`) decides which robots they move or
 * penalise, as in SimRobot. A command hands the console's tokens to the simulator and turns its typed result into
 * console output: notes are printed, malformed lines throw CommandSyntaxError, other failures CommandError. Pitchside's
 * `sim` and `sv` (the current poses as a script beside the scene) are the host's own.
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
import type { CommandArgs } from '@app/ipc/consoleLine';
import type { SimulationAction } from '@app/ipc/simulation';
import {
  SYNTAX_ERROR_CODES,
  type SimulationCommandError,
  type SimulationCommandResult,
} from '@app/simulator/simulation/commandResult';
import { SIMULATION_COMMANDS, type SimulationCommand } from '@app/simulator/simulation/commands';
import { savedPosesScript } from '@app/simulator/simulation/savedPoses';
import type { Simulation } from '@app/simulator/simulation/Simulation';

/** What the commands act on: the current simulation (it is replaced on reset). */
export interface CommandTarget {
  /** Runs a simulator command on its arguments, for robot `robot` when it is a robot command. */
  run(command: SimulationCommand, args: CommandArgs, robot?: string): SimulationCommandResult;
  /** `sim run | pause | step [<n>] | reset`; throws when there is no simulation. */
  control(action: SimulationAction, steps?: number): void;
  /** `sim time`: simulated time and score. */
  describe(): string;
  /** The current simulation (undefined while loading). */
  simulation(): Simulation | undefined;
}

/** The answer of a command run while there is no simulation. */
export const NOT_LOADED: SimulationCommandError = Object.freeze({
  kind: 'error',
  code: 'notLoaded',
  message: 'Error: the simulation is not loaded',
});

/** Prints a note; throws what the console prints for a failure (as it always has: usage or message). */
function report(result: SimulationCommandResult, print: (text: string) => void): void {
  if (result.kind === 'done') return;
  if (result.kind === 'note') return print(result.text);
  if (SYNTAX_ERROR_CODES.has(result.code) && result.usage) throw new CommandSyntaxError(result.usage);
  throw new CommandError(result.message);
}

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
      if (!sim) throw new CommandError(NOT_LOADED.message);
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
  const declared = SIMULATION_COMMANDS.map((command): CommandDescriptor => {
    const { name, usage, summary, args: grammar } = command;
    const info = { name, usage, summary, ...(grammar ? { args: grammar } : {}) };
    if (command.scope === 'simulation')
      return {
        ...info,
        scope: 'global',
        run: (args, { console }) => report(target.run(command, args), (text) => console.print(text)),
      } satisfies GlobalCommand;
    return {
      ...info,
      scope: 'robot',
      forable: false,
      run(args, ctx) {
        report(target.run(command, args, ctx.console.name), (text) => ctx.console.print(text));
        return 'done';
      },
    } satisfies RobotCommand;
  });
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
  return [...declared, sim, svCommand(target)];
}
