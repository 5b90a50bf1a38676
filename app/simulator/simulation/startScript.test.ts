import { describe, expect, it } from 'vitest';
import { LackingSummary, readStartScript } from './startScript';

describe('start scripts', () => {
  it("B-Human's `for <threads> mr …` becomes one `mr … for <thread>` per thread, for the selected robots", () => {
    const files: Record<string, string> = {
      '/s/Game.con': 'robot robot1\nfor Lower Upper mr CameraInfo LogDataProvider\nrobot all\ncall Includes/Fast\n',
      '/s/Includes/Fast.con':
        '# comment\nfor Cognition mr BallModel SimulatedWorldModelProvider\nci off\nvf worldState\n',
    };
    const { lines, errors } = readStartScript('/s/Game.con', ['robot1', 'robot2'], (f) => files[f]);
    expect(errors).toEqual([]);
    expect(lines.map((l) => [l.word, l.request?.join(' '), l.robots.join(','), l.lineNumber])).toEqual([
      ['mr', 'CameraInfo LogDataProvider for Lower', 'robot1', 2],
      ['mr', 'CameraInfo LogDataProvider for Upper', 'robot1', 2],
      ['mr', 'BallModel SimulatedWorldModelProvider for Cognition', 'robot1,robot2', 2],
      ['ci', undefined, 'robot1,robot2', 3],
    ]);
    // The lines are the console's tokens: a simulation command is handed on parsed, not as text.
    expect(lines[3]!.line.tokens.map((t) => t.text)).toEqual(['ci', 'off']);
  });

  it('reports requests naming what Pitchside lacks once per name, other refusals line by line', () => {
    const summary = new LackingSummary();
    const at = (lineNumber: number) => ({ file: 'x.con', lineNumber });
    summary.refused(at(1), 'Unknown representation RobotHealth');
    summary.refused(at(2), 'Unknown representation RobotHealth');
    summary.refused(at(3), 'Unknown module JPEGProvider');
    summary.refused(at(4), 'Unknown thread Sound (threads: Upper, Lower, Cognition, Motion, Audio)');
    summary.refused(at(5), 'BallModel is provided twice');
    expect(summary.report()).toEqual([
      'x.con:5: BallModel is provided twice',
      'start script: skipped 4 module requests naming what Pitchside lacks ' +
        '(representations: RobotHealth; modules: JPEGProvider; threads: Sound)',
    ]);
    expect(new LackingSummary().report()).toEqual([]);
  });
});
