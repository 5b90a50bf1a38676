/**
 * @file The command summary printed by `help [<pattern>]` and `help <command>`, generated from the registered
 * descriptors. A pattern filters whole commands (matched against the command name and its summary,
 * case-insensitively); a word that names a command shows just that command, with the values its arguments may
 * take (from the grammar Tab completion reads). `<command> ?` lists those values too, as SimRobot answers `?`.
 */
import type { ArgumentGrammar, ArgumentValue, NameSet } from '@app/ipc/commandGrammar';
import type { CommandDescriptor } from './commands/types';

/** Width the value lists of `help <command>` are wrapped to: what the console pane shows beside the 3-D view. */
const WRAP = 72;

/** How a name set reads in a value list: the names come from the robot, so Tab lists them. */
const SET_TEXT: Readonly<Record<NameSet, string>> = {
  robots: '<robot>',
  debugRequests: '<debug request>',
  debugDataKeys: '<debug data key>',
  representations: '<representation>',
  modules: '<module>',
  threads: '<thread>',
  fieldDrawings: '<field drawing>',
  imageDrawings: '<image drawing>',
  views: '<view>',
  plots: '<plot>',
};

function valueText(v: ArgumentValue): string {
  return typeof v === 'string' ? v : SET_TEXT[v.names];
}

/** `words` joined by spaces in lines of at most WRAP columns, each line starting with `indent`. */
function wrap(words: readonly string[], indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line !== '' && indent.length + line.length + 1 + w.length > WRAP) {
      lines.push(indent + line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** The value lists of a grammar, one block per argument position and sub-command. */
function grammarLines(grammar: ArgumentGrammar, indent: string, prefix = ''): string[] {
  const lines: string[] = [];
  const positions = grammar.args ?? [];
  positions.forEach((values, i) => {
    const label = positions.length === 1 ? `${prefix}values` : `${prefix}argument ${i + 1}`;
    const repeat = grammar.repeat && i === positions.length - 1 ? ' (repeatable)' : '';
    lines.push(`${indent}${label}${repeat}:`, ...wrap(values.map(valueText), `${indent}  `));
  });
  for (const [word, sub] of Object.entries(grammar.sub ?? {})) {
    if ((sub.args ?? []).length === 0 && !sub.sub) continue;
    lines.push(...grammarLines(sub, indent, `${prefix}${word} `));
  }
  return lines;
}

/** One command as `help` prints it: usage, then the summary indented, then its arguments' values. */
function entry(command: CommandDescriptor, values = false): string {
  const forable = command.scope === 'robot' && command.forable ? ' (for-able)' : '';
  const lines = [command.usage, `    ${command.summary}${forable}`];
  if (values && command.args) lines.push(...grammarLines(command.args, '    '));
  return lines.join('\n');
}

/** Whether a command answers `?` itself (`dr ?`, `get ?`, `mr ?`: its grammar offers `?` first). */
function answersQuery(grammar: ArgumentGrammar): boolean {
  return (grammar.args?.[0]?.includes('?') ?? false) || Object.hasOwn(grammar.sub ?? {}, '?');
}

/**
 * The answer to `<command> ? [<pattern>]` for a command whose arguments have a grammar but that does not answer
 * `?` itself: the values of its first argument (and the sub-commands), one per line, filtered by the pattern
 * (case-insensitive substring). Undefined when the line is no such query, so the command runs as usual.
 */
export function queryAnswer(command: CommandDescriptor, args: readonly string[]): string | undefined {
  const grammar = command.args;
  if (!grammar || args[0] !== '?' || args.length > 2 || answersQuery(grammar)) return undefined;
  const first = [...Object.keys(grammar.sub ?? {}), ...(grammar.args?.[0] ?? []).map(valueText)];
  const p = args[1]?.toLowerCase();
  const shown = first.filter((v) => !p || v.toLowerCase().includes(p));
  if (shown.length === 0) return `No value of ${command.name} matches '${args[1]}'. Usage: ${command.usage}`;
  return shown.join('\n');
}

/** The help text for `commands`, optionally narrowed to the command `pattern` names or filtered by it. */
export function helpText(commands: readonly CommandDescriptor[], pattern?: string): string {
  const named = commands.find((c) => c.name === pattern || c.aliases?.includes(pattern ?? ''));
  if (named) return entry(named, true);
  const p = pattern?.toLowerCase();
  const matching = commands.filter(
    (c) => !p || c.name.toLowerCase().includes(p) || c.summary.toLowerCase().includes(p),
  );
  if (matching.length === 0) return `No command matches '${pattern}'.`;
  return matching.map((c) => entry(c)).join('\n');
}
