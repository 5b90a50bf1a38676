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
import type { HostSession } from './HostSession';

const root = path.resolve(import.meta.dirname, '../../..');

/** SimRobot's console commands that Pitchside offers (formats §1.3 – §1.5), which `help` must list. */
const SIMROBOT_COMMANDS = [
  'ar',
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
  'log',
  'mr',
  'msg',
  'mv',
  'mvb',
  'mvo',
  'poll',
  'pr',
  'robot',
  'sc',
  'set',
  'sl',
  'sn',
  'st',
  'vf',
  'vfd',
  'vi',
  'vid',
  'vp',
  'vpd',
];
/** Pitchside's own additions. */
const PITCHSIDE_COMMANDS = ['dc', 'net', 'sim', 'sml', 'tm'];

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

  it('help <command> describes that command, help <pattern> filters', () => {
    expect(help('help gc')).toBe(
      'gc <state>\n    Drive the built-in GameController: game states, goals, kick-offs, set plays, halves.',
    );
    expect(help('help dr')).toMatch(
      /^dr \? \[<pattern>\] \| off \| <key> \[on \| off\]\n {4}.*debug request.*\(for-able\)$/,
    );
    expect(help('? log')).toMatch(/^log \(start \| stop/);
    expect(help('help penal')).toMatch(/^pr <penalty>/m);
    expect(help('help zzz')).toBe("No command matches 'zzz'.");
  });

  it('completion offers every command word and the fixed values of their arguments', async () => {
    const connection = session.connect(() => undefined);
    const set: CompletionSet = await connection.request('pitchside:console.completions', {});
    const words = session.controller.commands.words();
    expect(set.commands).toEqual(words);
    expect(words).toContain('?');
    const grammar = (word: string): string[] => fixedWords(set.grammar[word]);
    expect(grammar('gc')).toEqual([...GAME_CONTROLLER_COMMANDS]);
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
    expect(set.forable).toEqual(expect.arrayContaining(['dr', 'get', 'mr', 'set', 'vf', 'vi', 'vp']));
    expect(set.forable).not.toContain('log');
  });
});
