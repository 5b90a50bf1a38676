import { describe, expect, it } from 'vitest';
import { ConsoleController } from './ConsoleController';
import { MemoryFiles } from './files';
import { CommandError } from './commands/types';
import { NotApplicableError, RepeatedRefusal, StartScriptSummary } from './startScriptSummary';
import { InProcessRobot } from '../log/testing/InProcessRobot';

describe('StartScriptSummary', () => {
  it('counts refused lines per kind, names each name once, and prints when the last robot has finished', () => {
    const printed: string[] = [];
    const summary = new StartScriptSummary(['a', 'b'], (line) => printed.push(line));
    for (const robot of ['a', 'b']) {
      expect(summary.absorb(new CommandError('Unknown representation KeyStates'))).toBe(true);
      expect(summary.absorb(new CommandError('Unknown representation RobotHealth'))).toBe(true);
      expect(summary.absorb(new CommandError('Unknown debug request: module:X:active (did you mean …)'))).toBe(true);
      expect(summary.absorb(new NotApplicableError('jc: no joystick.'))).toBe(true);
      expect(summary.absorb(new CommandError('log save: cannot write'))).toBe(false);
      expect(
        summary.absorb(new RepeatedRefusal('Refused: mr X off would leave the configuration invalid:\nY uses X')),
      ).toBe(true);
      summary.finished(robot);
      if (robot === 'a') expect(printed).toEqual([]);
    }
    expect(printed).toEqual([
      'Unknown representations (4 lines, 2 names): KeyStates, RobotHealth',
      'Unknown debug requests (2 lines, 1 name): module:X:active',
      'jc: no joystick. (2 lines)',
      'Refused: mr X off would leave the configuration invalid: (2 lines)\nY uses X',
    ]);
    summary.finished('a');
    expect(printed).toHaveLength(4);
  });

  it("summarizes a start script's refusals in the console, and prints them one by one after the script", () => {
    const files = new MemoryFiles({
      '/s/Start.con': 'robot all\nmr KeyStates default\nmr RobotHealth default\njc hide\njc show\n',
    });
    const controller = new ConsoleController({ files });
    const output: string[] = [];
    controller.on('output', (o) => output.push(o.text));
    const robots = [new InProcessRobot('r1'), new InProcessRobot('r2')];
    for (const r of robots) controller.addRobot(r.console);
    controller.runStartScript('/s/Start.con');
    for (let i = 0; i < 50 && controller.busy; i++) for (const r of robots) r.run(100);
    expect(output).toEqual([
      'Unknown representations (4 lines, 2 names): KeyStates, RobotHealth',
      expect.stringMatching(/^jc: Pitchside reads no joystick .* \(4 lines\)$/),
    ]);
    output.length = 0;
    controller.execute('robot r1');
    controller.execute('mr KeyStates default');
    for (const r of robots) r.run(100);
    expect(output).toEqual(['Unknown representation KeyStates']);
  });
});
