/**
 * @file The command summary printed by `help [<pattern>]` and `help <command>`, generated from the registered
 * descriptors. A pattern filters whole commands (matched against the command name and its summary,
 * case-insensitively); a word that names a command shows just that command.
 */
import type { CommandDescriptor } from './commands/types';

/** One command as `help` prints it: usage, then the summary indented. */
function entry(command: CommandDescriptor): string {
  const forable = command.scope === 'robot' && command.forable ? ' (for-able)' : '';
  return `${command.usage}\n    ${command.summary}${forable}`;
}

/** The help text for `commands`, optionally narrowed to the command `pattern` names or filtered by it. */
export function helpText(commands: readonly CommandDescriptor[], pattern?: string): string {
  const named = commands.find((c) => c.name === pattern || c.aliases?.includes(pattern ?? ''));
  if (named) return entry(named);
  const p = pattern?.toLowerCase();
  const matching = commands.filter(
    (c) => !p || c.name.toLowerCase().includes(p) || c.summary.toLowerCase().includes(p),
  );
  if (matching.length === 0) return `No command matches '${pattern}'.`;
  return matching.map(entry).join('\n');
}
