// The grammar of `test` (formats §1.3): every target, zones by name and by corners, fuzz lists, flags, and a
// sentence for every malformed line.
import { describe, expect, it } from 'vitest';
import { parseTestCommand } from './testSpec';

const parse = (line: string) => parseTestCommand(line.split(/\s+/).filter(Boolean));

describe('test command grammar', () => {
  it('reads help, stop, games and situations with script, fuzz, flags and target', () => {
    expect(parse('help')).toEqual({ kind: 'help' });
    expect(parse('stop')).toEqual({ kind: 'stop' });
    expect(parse('game 3 Kickoff rt q')).toEqual({
      kind: 'game',
      runs: 3,
      timeout: undefined,
      conFile: 'Kickoff',
      fuzz: [],
      realTime: true,
      quit: true,
      target: undefined,
    });
    expect(parse('situation 10 20.5 Corner fuz pos 200 rotz 15 rt robotInZone penaltyAreaB robot3')).toEqual({
      kind: 'situation',
      runs: 10,
      timeout: 20.5,
      conFile: 'Corner',
      fuzz: [
        { axis: 'pos', deviation: 200 },
        { axis: 'rotz', deviation: 15 },
      ],
      realTime: true,
      quit: false,
      target: { kind: 'robotInZone', zone: { kind: 'named', name: 'penaltyArea', team: 'B' }, robot: 'robot3' },
    });
  });

  it('reads every target', () => {
    const target = (words: string) => (parse(`situation 1 5 ${words}`) as { target: unknown }).target;
    expect(target('goalTeamA')).toEqual({ kind: 'goalTeamA' });
    expect(target('goalTeamB')).toEqual({ kind: 'goalTeamB' });
    expect(target('ballInZone -100 200 300.5 -400')).toEqual({
      kind: 'ballInZone',
      zone: { kind: 'rect', x1: -100, y1: 200, x2: 300.5, y2: -400 },
    });
    expect(target('ballInZone centerCircle')).toEqual({
      kind: 'ballInZone',
      zone: { kind: 'named', name: 'centerCircle', team: undefined },
    });
    expect(target('penalized robot2')).toEqual({ kind: 'penalized', robot: 'robot2' });
    expect(target('robotTouch robot2')).toEqual({ kind: 'robotTouch', robot: 'robot2' });
    expect(target('teamPossession teamB')).toEqual({ kind: 'teamPossession', team: 'B' });
    expect(target('budget teamA <= 1100')).toEqual({ kind: 'budget', team: 'A', op: '<=', value: 1100 });
    expect(target('robotInSkill kick robot5')).toEqual({ kind: 'robotInSkill', skill: 'kick', robot: 'robot5' });
  });

  it('says what is wrong with a malformed line', () => {
    const wrong: Record<string, RegExp> = {
      '': /missing help, stop, game or situation/,
      'help me': /test help takes no arguments/,
      'match 1': /unknown test kind 'match'/,
      'game 0': /<numRuns> must be a whole number from 1 to 1000/,
      'game 2.5': /<numRuns> must be a whole number/,
      'game 1001': /from 1 to 1000/,
      'situation 1': /missing <runTimeout>/,
      'situation 1 0 goalTeamA': /<runTimeout> must be simulated seconds above 0/,
      'situation 1 5': /missing a target/,
      'situation 1 5 fuz spin 3 goalTeamA': /unknown fuzz axis 'spin'/,
      'situation 1 5 fuz x -3 goalTeamA': /a deviation must be a number ≥ 0/,
      'situation 1 5 budget teamC < 3': /expected teamA or teamB, not 'teamC'/,
      'situation 1 5 budget teamA != 3': /budget compares with < > <= >=, not '!='/,
      'situation 1 5 ballInZone 1 2 three 4': /a zone is <x1> <y1> <x2> <y2> or .*, not '1 2 three 4'/,
      'situation 1 5 ballInZone penaltyAreaC': /a zone is/,
      'situation 1 5 goalTeamA extra': /unexpected 'extra' after the target/,
      'game 1 fuz x 3': /fuz applies to test situation only/,
      'game 1 Kickoff surplus': /unexpected 'surplus'/,
    };
    for (const [line, message] of Object.entries(wrong)) expect(() => parse(line), line).toThrow(message);
  });
});
