/**
 * @file The command summary printed by `help [<pattern>]`. One entry per command so that a pattern filters
 * whole commands (matched against the command name and its summary, case-insensitively).
 */

/** One command's usage line(s) and what it does. */
export interface HelpEntry {
  readonly command: string;
  readonly usage: string;
  readonly summary: string;
  /** Where the command runs: `global` (controller) or `robot` (every selected robot console). */
  readonly scope: 'global' | 'robot';
}

/** Every command the console understands, in alphabetical order. */
export const HELP_ENTRIES: readonly HelpEntry[] = [
  { command: 'call', scope: 'global', usage: 'call <file> [<file>]', summary: 'Run a .con script (the second file is tried first; .con is added; relative to the running script).' },
  { command: 'cls', scope: 'global', usage: 'cls', summary: 'Clear the console.' },
  { command: 'dr', scope: 'robot', usage: 'dr ? [<pattern>] | off | <key> [on | off]', summary: 'List, switch on or off a debug request; off sends disableAll.' },
  { command: 'echo', scope: 'global', usage: 'echo <text>', summary: 'Print the text.' },
  { command: 'for', scope: 'robot', usage: 'for <thread> {<thread>} (dr | get | mr | set | si | vf | vi | vp) …', summary: 'Run a command for specific threads only.' },
  { command: 'get', scope: 'robot', usage: 'get ? [<pattern>] | <key> [? | save [<file>]]', summary: 'Show debug data as a set command, its type structure, or save it as .cfg.' },
  { command: 'help', scope: 'global', usage: 'help [<pattern>] | ? [<pattern>]', summary: 'Show this summary, filtered.' },
  { command: 'mr', scope: 'robot', usage: 'mr ? [<pattern>] | modules [<pattern>] | save | <rep> (? [<pattern>] | <module> | off | default)', summary: 'List or change which module provides a representation.' },
  { command: 'msg', scope: 'robot', usage: 'msg off | on | log <file> | enable | disable', summary: 'Show, hide or log text messages from the robot; disable ignores all messages.' },
  { command: 'poll', scope: 'robot', usage: 'poll', summary: 'Poll debug requests, type info, module table and drawing managers again.' },
  { command: 'robot', scope: 'global', usage: 'robot ? | all | teamA | teamB | <name> {<name>}', summary: 'Select the robots that receive commands.' },
  { command: 'set', scope: 'robot', usage: 'set ? [<pattern>] | <key> (? | unchanged | <data>)', summary: 'Overwrite debug data on the robot with config-map text, or release it.' },
  { command: 'vf', scope: 'robot', usage: 'vf <name>', summary: 'Add a field view.' },
  { command: 'vfd', scope: 'robot', usage: 'vfd ? [<pattern>] | off | (all | <view>) (? [<pattern>] | <drawing> [on | off])', summary: 'Add or remove a field drawing in a field view (sends dr debugDrawing:<drawing>).' },
  { command: 'vi', scope: 'robot', usage: 'vi ? [<pattern>] | (<image> | none) [<name>] [gain <value>] [ddScale <value>]', summary: 'Add an image view (sends dr for the image).' },
  { command: 'vid', scope: 'robot', usage: 'vid ? [<pattern>] | off | (all | <view>) (? [<pattern>] | <drawing> [on | off])', summary: 'Add or remove an image drawing in an image view.' },
  { command: 'vp', scope: 'robot', usage: 'vp <name> <numOfValues> <minValue> <maxValue> [<yUnit> [<xUnit> [<xScale>]]]', summary: 'Add or update a plot view.' },
  { command: 'vpd', scope: 'robot', usage: 'vpd ? [<pattern>] | <view> (? [<pattern>] | <plot> (? [<pattern>] | <color> [<description>] | off))', summary: 'Add or remove a plot layer (sends dr plot:<plot>).' },
];

/** The help text, optionally filtered by a case-insensitive substring of the command name or summary. */
export function helpText(pattern?: string): string {
  const p = pattern?.toLowerCase();
  const entries = HELP_ENTRIES.filter((e) => !p || e.command.toLowerCase().includes(p) || e.summary.toLowerCase().includes(p));
  if (entries.length === 0) return `No command matches '${pattern}'.`;
  return entries.map((e) => `${e.usage}\n    ${e.summary}`).join('\n');
}
