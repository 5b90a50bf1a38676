// The grammar of `test` (formats §1.3): every target, zones by name and by corners, fuzz lists, flags, and a
// sentence for every malformed line.
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import fs from 'node:fs';
import path from 'node:path';
import { formatExpression, parseTestCommand, type TargetExpression, type TestSpec } from './testSpec';

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
      target: {
        op: 'target',
        target: { kind: 'robotInZone', zone: { kind: 'named', name: 'penaltyArea', team: 'B' }, robot: 'robot3' },
      },
    });
  });

  it('reads every target', () => {
    const target = (words: string) =>
      (parse(`situation 1 5 ${words}`) as { target: { op: string; target: unknown } }).target.target;
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

  it('bounds fuz: up to 10 m on axes that move robots, one turn on rotations', () => {
    const fuzz = (words: string) => (parse(`situation 1 5 fuz ${words} goalTeamA`) as { fuzz: unknown }).fuzz;
    expect(fuzz('pos 10000 rot 360 rotx 0')).toEqual([
      { axis: 'pos', deviation: 10000 },
      { axis: 'rot', deviation: 360 },
      { axis: 'rotx', deviation: 0 },
    ]);
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
      'situation 1 5 fuz x -3 goalTeamA': /the deviation of fuz x must be a number from 0 to 10000 mm, not '-3'/,
      'situation 1 5 fuz pos 1e308 goalTeamA': /fuz pos must be a number from 0 to 10000 mm, not '1e308'/,
      'situation 1 5 fuz all 1e999 goalTeamA': /fuz all must be a number from 0 to 10000 mm/,
      'situation 1 5 fuz rotz 361 goalTeamA': /fuz rotz must be a number from 0 to 360°, not '361'/,
      'situation 1 5 fuz y NaN goalTeamA': /fuz y must be a number/,
      'situation 1 5 budget teamC < 3': /expected teamA or teamB, not 'teamC'/,
      'situation 1 5 budget teamA != 3': /budget compares with < > <= >=, not '!='/,
      'situation 1 5 ballInZone 1 2 three 4': /a zone is <x1> <y1> <x2> <y2> or .*, not '1 2 three 4'/,
      'situation 1 5 ballInZone penaltyAreaC': /a zone is/,
      'situation 1 5 goalTeamA extra': /unexpected 'extra' after the target/,
      'situation 1 5 goalTeamA &': /missing a target/,
      'situation 1 5 (goalTeamA | goalTeamB': /missing '\)'/,
      'situation 1 5 (goalTeamA goalTeamB)': /expected '\)' to close '\('/,
      'situation 1 5 not': /missing a target/,
      'situation 1 5 & goalTeamA': /unexpected '& goalTeamA'/,
      'situation 1 5 goalTeamA con': /missing the start script after con/,
      'situation 1 5 con A con B goalTeamA': /one start script only/,
      [`situation 1 5 ${Array(101).fill('goalTeamA').join(' | ')}`]: /at most 200 parts/,
      [`situation 1 5 ${'('.repeat(5000)}goalTeamA${')'.repeat(5000)}`]: /at most 200 parts/,
      'game 1 fuz x 3': /fuz applies to test situation only/,
      'game 1 Kickoff surplus': /unexpected 'surplus'/,
    };
    for (const [line, message] of Object.entries(wrong)) expect(() => parse(line), line).toThrow(message);
  });

  it('reads target expressions: not before & before |, parentheses group', () => {
    const expression = (words: string) => (parse(`situation 1 5 ${words}`) as TestSpec).target!;
    const goalA: TargetExpression = { op: 'target', target: { kind: 'goalTeamA' } };
    const goalB: TargetExpression = { op: 'target', target: { kind: 'goalTeamB' } };
    const touch: TargetExpression = { op: 'target', target: { kind: 'robotTouch', robot: 'robot2' } };
    expect(expression('goalTeamA | goalTeamB & not robotTouch robot2')).toEqual({
      op: 'or',
      operands: [goalA, { op: 'and', operands: [goalB, { op: 'not', operand: touch }] }],
    });
    expect(expression('(goalTeamA|goalTeamB)&not(robotTouch robot2)')).toEqual({
      op: 'and',
      operands: [
        { op: 'or', operands: [goalA, goalB] },
        { op: 'not', operand: touch },
      ],
    });
    expect(expression('not not goalTeamA')).toEqual({ op: 'not', operand: { op: 'not', operand: goalA } });
    for (const line of [
      'goalTeamA | goalTeamB & not robotTouch robot2',
      '(goalTeamA | goalTeamB) & not robotTouch robot2',
      'not (goalTeamA & ballInZone -100 200 300 400) | budget teamB >= 3',
      'robotInZone penaltyAreaB robot3 & teamPossession teamA',
    ])
      expect(formatExpression(expression(line))).toBe(line);
  });

  it("reads the test lines of B-Human's corpus scenes, options after the target included", () => {
    const tests = sharedCorpus('bhuman', 'Config', 'Scenes', 'Tests');
    const lines = fs
      .readdirSync(tests)
      .filter((f) => f.endsWith('.con'))
      .flatMap((f) => fs.readFileSync(path.join(tests, f), 'utf8').split('\n'))
      .filter((l) => l.startsWith('test '));
    expect(lines).toHaveLength(3);
    const specs = Object.fromEntries(lines.map((l) => [l, parse(l.slice(5))]));
    expect(specs['test game 1 q']).toMatchObject({ kind: 'game', runs: 1, quit: true, conFile: undefined });
    expect(specs['test situation 10 120 goalTeamA & not (penalized robot1) q']).toEqual({
      kind: 'situation',
      runs: 10,
      timeout: 120,
      conFile: undefined,
      fuzz: [],
      realTime: false,
      quit: true,
      target: {
        op: 'and',
        operands: [
          { op: 'target', target: { kind: 'goalTeamA' } },
          { op: 'not', operand: { op: 'target', target: { kind: 'penalized', robot: 'robot1' } } },
        ],
      },
    });
    expect(specs['test situation 3 120 goalTeamA con Tests/TestOneTeamFastFormation.con fuz x 100 y 100']).toEqual({
      kind: 'situation',
      runs: 3,
      timeout: 120,
      conFile: 'Tests/TestOneTeamFastFormation.con',
      fuzz: [
        { axis: 'x', deviation: 100 },
        { axis: 'y', deviation: 100 },
      ],
      realTime: false,
      quit: false,
      target: { op: 'target', target: { kind: 'goalTeamA' } },
    });
  });
});
