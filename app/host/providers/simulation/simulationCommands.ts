/**
 * @file The simulator's console commands in the IDE (facts §1.3/§1.4). Simulation-wide ones (`gc`, `ar`, `dt`,
 * `st`, `ci`, `mvo`, `net`) are global commands of the console, so scripts can use them too; `mv`, `mvb` and
 * `pr` act on one robot and are added to each simulated robot's console, so the selection (`robot …`) decides
 * which robots they move or penalise, as in SimRobot.
 */
import type { RobotCommand } from '../../console/commands/types';
import { CommandError, CommandSyntaxError } from '../../console/commands/types';
import type { ProvidedCommand } from '../../session/ConsoleProvider';

/** Usage lines of the simulation-wide commands. */
export const SIMULATION_COMMAND_USAGE: Readonly<Record<string, string>> = {
  gc: 'gc <state>',
  ar: 'ar {<feature>} off | on',
  dt: 'dt off | on | <fps>',
  st: 'st off | on',
  ci: 'ci off | on | <fps>',
  mvo: 'mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]',
  net: 'net loss <0..1> | net delay <ms> [<jitter ms>]',
};

/** Usage lines of the per-robot commands. */
const ROBOT_COMMAND_USAGE: Readonly<Record<string, string>> = {
  mv: 'mv <x> <y> <z> [<rotX> <rotY> <rotZ>]',
  mvb: 'mvb <x> <y> <z>',
  pr: 'pr <penalty>',
};

/** What the commands act on: the current simulation's text commands (it is replaced on reset). */
export interface CommandTarget {
  /** Runs a simulation-wide line; returns an error text. Undefined result when there is no simulation. */
  command(line: string): string | undefined;
  /** Runs a robot line for robot `name`; returns an error text. */
  robotCommand(name: string, line: string): string | undefined;
}

/** The global commands; `print` shows errors and notes. */
export function simulationCommands(target: CommandTarget, print: (text: string) => void): ProvidedCommand[] {
  return Object.entries(SIMULATION_COMMAND_USAGE).map(([name, usage]) => ({
    name,
    usage,
    run(words) {
      const reply = target.command([name, ...words].join(' '));
      if (reply !== undefined) print(reply);
    },
  }));
}

/** The per-robot commands for a robot console. */
export function robotSimulationCommands(target: CommandTarget): RobotCommand[] {
  return Object.entries(ROBOT_COMMAND_USAGE).map(([name, usage]) => ({
    name,
    forable: false,
    run(args, ctx) {
      const words = args.rest().map((t) => t.text);
      if (words.length === 0) throw new CommandSyntaxError(usage);
      const reply = target.robotCommand(ctx.console.name, [name, ...words].join(' '));
      if (reply === undefined) return 'done';
      if (reply.startsWith('Syntax Error')) throw new CommandSyntaxError(usage);
      throw new CommandError(reply);
    },
  }));
}
