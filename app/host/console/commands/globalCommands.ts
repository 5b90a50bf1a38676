/**
 * @file The global area: the controller's own commands (formats §1.3): `call`, `cls`, `echo`, `help`, `robot`.
 * `echo` and `cls` also run inside a robot console's queue (a script's `echo` then prints in script order).
 */
import { helpText } from '../help';
import { CommandSyntaxError, globalCommands, type GlobalCommand } from './types';

const ROBOT_USAGE = 'robot ? | all | teamA | teamB | <name> {<name>}';

/** The controller's commands. */
export const GLOBAL_COMMANDS: readonly GlobalCommand[] = globalCommands({
  call: {
    usage: 'call <file> [<file>]',
    summary: 'Run a .con script (the second file is tried first; .con is added; relative to the running script).',
    run(args, { console }) {
      const first = args.next();
      const second = args.next();
      if (first === undefined || !args.done) throw new CommandSyntaxError(this.usage);
      console.call(first, second);
    },
  },
  cls: {
    usage: 'cls',
    summary: 'Clear the console.',
    run(args, { console }) {
      if (!args.done) throw new CommandSyntaxError(this.usage);
      console.clear();
    },
  },
  echo: {
    usage: 'echo <text>',
    summary: 'Print the text (its words joined by single spaces).',
    run(args, { console }) {
      console.print(
        args
          .rest()
          .map((t) => t.text)
          .join(' '),
      );
    },
  },
  help: {
    aliases: ['?'],
    usage: 'help [<pattern> | <command>] | ? [<pattern>]',
    summary: 'Show this summary, filtered by a pattern, or the usage of one command.',
    run(args, { console }) {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(this.usage);
      console.print(helpText(console.commands.all(), pattern));
    },
  },
  robot: {
    usage: ROBOT_USAGE,
    summary: 'Select the robots that receive commands (teamA: numbers up to 20, teamB: above).',
    args: { args: [['?', 'all', 'teamA', 'teamB', { names: 'robots' }]], repeat: true },
    run(args, { console }) {
      const words = args.rest().map((t) => t.text);
      const robots = console.robotNames;
      if (words.length === 0) throw new CommandSyntaxError(ROBOT_USAGE);
      if (words.length === 1 && words[0] === '?') {
        console.print(
          robots.length > 0
            ? robots.map((n) => (console.selection.includes(n) ? `${n} *` : n)).join('\n')
            : 'No robots.',
        );
      } else if (words.length === 1 && words[0] === 'all') {
        console.select(robots);
      } else if (words.length === 1 && (words[0] === 'teamA' || words[0] === 'teamB')) {
        const first = words[0] === 'teamA';
        console.select(
          robots.filter((name) => {
            const number = console.robotNumber(name);
            return number !== undefined && number <= 20 === first;
          }),
        );
      } else {
        const unknown = words.filter((w) => !robots.includes(w));
        if (unknown.length > 0)
          console.print(`Error: unknown robot ${unknown.join(', ')} (robots: ${robots.join(', ') || 'none'})`);
        else console.select([...new Set(words)]);
      }
    },
  },
});
