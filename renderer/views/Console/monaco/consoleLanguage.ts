/**
 * @file Highlighting of console lines and `.con` scripts: the command word, `category:name` keys, on/off style
 * flags, numbers, quoted strings and the three comment forms of the console's tokenizer (formats §1.1).
 */
import type { languages } from 'monaco-editor/editor/editor.api';

/** Monaco language id of console text. */
export const CONSOLE_LANGUAGE_ID = 'pitchside-console';

/** Every command word the console knows (global and per robot, formats §1.3–1.4). */
export const COMMAND_WORDS = [
  '?',
  'ar',
  'bc',
  'call',
  'ci',
  'cls',
  'dr',
  'dt',
  'echo',
  'for',
  'gc',
  'get',
  'help',
  'jc',
  'jm',
  'js',
  'log',
  'mr',
  'msg',
  'mv',
  'mvb',
  'mvo',
  'poll',
  'pr',
  'rc',
  'robot',
  'sc',
  'set',
  'si',
  'sl',
  'sn',
  'st',
  'sv',
  'test',
  'vf',
  'vfd',
  'vi',
  'vic',
  'vid',
  'vp',
  'vpd',
];

/** The Monarch grammar. */
export const consoleLanguage: languages.IMonarchLanguage = {
  commands: COMMAND_WORDS,
  flags: ['on', 'off', 'all', 'unchanged', 'default', 'save', 'modules', 'teamA', 'teamB'],
  tokenizer: {
    // Monarch carries state from line to line, so "first word" is matched with a line-start anchor instead.
    root: [
      [/^[^\s#"/]+/, { cases: { '@commands': 'keyword', '@default': 'identifier' } }],
      [/\s+/, 'white'],
      [/(#|\/\/).*$/, 'comment'],
      [/\/\*/, 'comment', '@blockComment'],
      [/"([^"\\]|\\.)*("|$)/, 'string'],
      [/-?\d+(\.\d+)?([eE][-+]?\d+)?(?=\s|$)/, 'number'],
      [/[A-Za-z_]\w*:[^\s]*/, 'key'],
      [/[^\s"]+/, { cases: { '@flags': 'flag', '@default': 'identifier' } }],
    ],
    blockComment: [
      [/[^*]+/, 'comment'],
      [/\*\//, 'comment', '@pop'],
      [/\*/, 'comment'],
    ],
  },
};
