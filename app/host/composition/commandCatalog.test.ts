// The console's commands as the IDE's default session registers them: `help` is generated from the one command
// table, so it lists every registered command, SimRobot's among them; Tab completion offers every argument
// that has a fixed set of values.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArgumentGrammar, ArgumentValue } from '../../ipc/commandGrammar';
import type { CompletionSet } from '../../ipc/messages';
import { AUTOMATIC_REFEREE_FEATURES } from '../../simulator/gameController/automaticReferee';
import { GAME_CONTROLLER_COMMANDS } from '../../simulator/gameController/GameController';
import { PENALTY_COMMANDS } from '../../simulator/gameController/penalties';
import { createDefaultSession } from './createDefaultSession';
import type { HostSession } from '../session/HostSession';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Every command of SimRobot's console (formats §1.3 global, §1.4 robot): each is registered, so it either works
 * or says why it does not apply here.
 */
const SIMROBOT_GLOBAL_COMMANDS = [
  'sc',
  'sl',
  'ar',
  'call',
  'ci',
  'cls',
  'dt',
  'echo',
  'gc',
  'help',
  '?',
  'mvo',
  'robot',
  'st',
  'sv',
  'test',
];
const SIMROBOT_ROBOT_COMMANDS = [
  'bc',
  'dr',
  'for',
  'get',
  'jc',
  'jm',
  'js',
  'log',
  'mr',
  'msg',
  'mv',
  'mvb',
  'poll',
  'pr',
  'rc',
  'set',
  'si',
  'sn',
  'vf',
  'vfd',
  'vi',
  'vic',
  'vid',
  'vp',
  'vpd',
  'cls',
  'echo',
];
const SIMROBOT_COMMANDS = [...new Set([...SIMROBOT_GLOBAL_COMMANDS, ...SIMROBOT_ROBOT_COMMANDS])].filter(
  (w) => w !== '?',
);
/** Pitchside's own additions. */
const PITCHSIDE_COMMANDS = ['dc', 'mark', 'net', 'sim', 'sml', 'tm'];

let session: HostSession;
let output: string[];

beforeAll(() => {
  session = createDefaultSession({
    mode: 'browser',
    rootDir: root,
    sceneFile: path.join(root, 'scenes', 'OneTeam.ros3'),
  });
  output = [];
  session.controller.on('output', (o) => output.push(o.text));
});
afterAll(() => session.dispose());

/** What one `help …` line prints. */
function help(line: string): string {
  output.length = 0;
  session.execute(line);
  return output.join('\n');
}

/** The fixed words of a grammar, over all its positions and sub-commands. */
function fixedWords(grammar: ArgumentGrammar | undefined): string[] {
  if (!grammar) return [];
  const words = (grammar.args ?? []).flat().filter((v: ArgumentValue): v is string => typeof v === 'string');
  for (const [word, sub] of Object.entries(grammar.sub ?? {})) words.push(word, ...fixedWords(sub));
  return words;
}

describe('the console command catalog', () => {
  it('help lists every registered command with its usage and summary, generated from the descriptors', () => {
    const all = session.controller.commands.all();
    const text = help('help');
    for (const command of all) {
      expect(text, command.name).toContain(command.usage);
      expect(text, command.name).toContain(command.summary);
    }
    expect(all.map((c) => c.name)).toEqual(expect.arrayContaining([...SIMROBOT_COMMANDS, ...PITCHSIDE_COMMANDS]));
    expect(text.split('\n').filter((l) => !l.startsWith('    '))).toHaveLength(all.length);
  });

  it("registers every command of SimRobot's console, in the scope SimRobot runs it", () => {
    const table = session.controller.commands;
    for (const word of SIMROBOT_GLOBAL_COMMANDS) expect(table.get(word)?.scope, word).toBe('global');
    // cls and echo are global here and also run inside each robot console's queue (script order).
    for (const word of SIMROBOT_ROBOT_COMMANDS.filter((w) => w !== 'cls' && w !== 'echo'))
      expect(table.get(word)?.scope, word).toBe('robot');
    const forable = table
      .all()
      .filter((c) => c.scope === 'robot' && c.forable)
      .map((c) => c.name);
    expect(forable.sort()).toEqual(['dr', 'get', 'mark', 'mr', 'set', 'si', 'vf', 'vi', 'vp']);
  });

  it('help <command> describes that command, help <pattern> filters', () => {
    // One command: usage, summary, and the values its arguments take (as `gc ?` lists them).
    const gc = help('help gc').split('\n');
    expect(gc.slice(0, 2)).toEqual([
      'gc <state> | gc protocol [spl | hsl]',
      '    Drive the built-in GameController: game states, goals, kick-offs, set plays, halves; ' +
        "choose the league's packet the robots receive (SPL or the Humanoid Soccer League's).",
    ]);
    expect(gc.slice(2).join('\n')).toMatch(/initial ready set playing finished standby /);
    const dr = help('help dr').split('\n');
    expect(dr[0]).toBe('dr ? [<pattern>] | off | <key> [on | off]');
    expect(dr[1]).toMatch(/^ {4}.*debug request.*\(for-able\)$/);
    expect(dr.slice(2)).toEqual(['    argument 1:', '      ? off <debug request>', '    argument 2:', '      on off']);
    expect(help('? log')).toMatch(/^log \(start \| stop/);
    expect(help('help penal')).toMatch(/^pr <penalty>/m);
    // Lists of several commands stay one usage and one summary each.
    expect(help('help')).not.toMatch(/values:|argument \d:/);
    expect(help('help zzz')).toBe("No command matches 'zzz'.");
  });

  it('completion offers every command word and the fixed values of their arguments', async () => {
    const connection = session.connect(() => undefined);
    const set: CompletionSet = await connection.request('pitchside:console.completions', {});
    const words = session.controller.commands.words();
    expect(set.commands).toEqual(words);
    expect(words).toContain('?');
    const grammar = (word: string): string[] => fixedWords(set.grammar[word]);
    expect(grammar('gc')).toEqual([...GAME_CONTROLLER_COMMANDS, 'protocol', 'spl', 'hsl']);
    expect(grammar('pr')).toEqual(Object.keys(PENALTY_COMMANDS));
    expect(grammar('ar')).toEqual(expect.arrayContaining([...AUTOMATIC_REFEREE_FEATURES, 'on', 'off']));
    expect(grammar('log')).toEqual(
      expect.arrayContaining([
        'start',
        'stop',
        'pause',
        'clear',
        'save',
        'mr',
        'list',
        'keep',
        'remove',
        'trim',
        'until',
        'from',
        'between',
        'forward',
        'backward',
        'fast',
        'image',
        'repeat',
        'goto',
        'cycle',
        'once',
        'speed',
        'max',
      ]),
    );
    expect(fixedWords(set.grammar.log!.sub!.keep)).toEqual(expect.arrayContaining(['idCameraImage', 'idFrameBegin']));
    for (const onOff of ['dr', 'dt', 'st', 'ci', 'msg', 'vfd', 'vid'])
      expect(grammar(onOff), onOff).toEqual(expect.arrayContaining(['on', 'off']));
    expect(grammar('msg')).toEqual(['on', 'off', 'log', 'enable', 'disable']);
    expect(grammar('sim')).toEqual(['run', 'pause', 'step', 'reset', 'time']);
    expect(grammar('robot')).toEqual(['?', 'all', 'teamA', 'teamB']);
    expect(grammar('tm')).toEqual(['on', 'bhuman', 'standard', 'off']);
    expect(grammar('vpd')).toEqual(expect.arrayContaining(['red', 'green', 'blue', 'off']));
    expect(grammar('si')).toEqual(['reset', 'number', 'grayscale', 'grayscale']);
    expect(grammar('sv')).toEqual(['fast', 'oracle']);
    expect(grammar('jc')).toEqual(['hide', 'show', 'motion', 'press', 'release']);
    expect(grammar('rc')).toEqual(['local', 'remote']);
    expect(grammar('vic')).toEqual(expect.arrayContaining(['?', 'all', 'alt', 'noalt', 'ctrl', 'shift']));
    expect(grammar('test')).toEqual(
      expect.arrayContaining([
        'help',
        'stop',
        'game',
        'situation',
        'fuz',
        'rt',
        'q',
        'goalTeamA',
        'ballInZone',
        'penaltyAreaB',
        '>=',
        'kick',
      ]),
    );
    expect(set.forable).toEqual(expect.arrayContaining(['dr', 'get', 'mr', 'set', 'si', 'vf', 'vi', 'vp']));
    expect(set.forable).not.toContain('log');
  });
});
