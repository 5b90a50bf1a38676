import { describe, expect, it } from 'vitest';
import type { CompletionSet } from '@app/ipc/messages';
import { namesFor, sectionCandidates, TabCompleter } from './completion';

const SET: CompletionSet = {
  commands: ['call', 'cls', 'dr', 'echo', 'get', 'mr', 'robot', 'vf', 'vfd'],
  robots: ['robot1', 'robot2'],
  debugRequests: [
    'debugData:module:BallLocator',
    'plot:speed',
    'representation:BallModel',
    'representation:BallPercept',
    'representation:RobotPose',
  ],
  debugDataKeys: ['module:BallLocator'],
  representations: ['BallModel', 'RobotPose'],
  modules: ['BallLocator', 'OracleBallLocator'],
  threads: ['Cognition', 'Motion'],
  fieldDrawings: ['representation:BallModel'],
  imageDrawings: [],
  views: ['worldState'],
  plots: ['speed'],
  forable: ['dr', 'get', 'mr'],
  grammar: {
    dr: {
      args: [
        ['?', 'off', { names: 'debugRequests' }],
        ['on', 'off'],
      ],
    },
    get: {
      args: [
        ['?', { names: 'debugDataKeys' }],
        ['?', 'save'],
      ],
    },
    mr: {
      args: [
        ['?', { names: 'representations' }],
        ['?', 'off', 'default', { names: 'modules' }],
      ],
      sub: { modules: {}, save: {} },
    },
    vfd: {
      args: [
        ['?', 'off', 'all', { names: 'views' }],
        ['?', { names: 'fieldDrawings' }],
        ['on', 'off'],
      ],
    },
    robot: { args: [['?', 'all', 'teamA', 'teamB', { names: 'robots' }]], repeat: true },
    log: {
      sub: { start: {}, trim: { sub: { until: {}, from: {}, between: {} } }, forward: { args: [['fast', 'image']] } },
    },
  },
};

describe('completion names', () => {
  it('depend on the command and the argument position', () => {
    expect(namesFor([], SET)).toBe(SET.commands);
    expect(namesFor(['dr'], SET)).toContain('representation:RobotPose');
    expect(namesFor(['mr', 'BallModel'], SET)).toContain('OracleBallLocator');
    expect(namesFor(['vfd'], SET)).toContain('worldState');
    expect(namesFor(['vfd', 'worldState'], SET)).toContain('representation:BallModel');
    expect(namesFor(['for'], SET)).toEqual(['Cognition', 'Motion']);
    expect(namesFor(['for', 'Cognition'], SET)).toContain('dr');
    expect(namesFor(['for', 'Cognition', 'get'], SET)).toContain('module:BallLocator');
  });

  it('follow the grammar: fixed words, name sets, repeated positions and sub-commands', () => {
    expect(namesFor(['dr', 'representation:BallModel'], SET)).toEqual(['on', 'off']);
    expect(namesFor(['robot', 'robot1'], SET)).toContain('robot2');
    expect(namesFor(['log'], SET)).toEqual(['start', 'trim', 'forward']);
    expect(namesFor(['log', 'trim'], SET)).toEqual(['until', 'from', 'between']);
    expect(namesFor(['log', 'forward'], SET)).toEqual(['fast', 'image']);
    expect(namesFor(['log', 'start'], SET)).toEqual([]);
    expect(namesFor(['mr', 'modules'], SET)).toEqual([]);
    expect(namesFor(['echo'], SET)).toEqual([]);
  });

  it('complete one section at a time', () => {
    expect(sectionCandidates('rep', SET.debugRequests)).toEqual(['representation:']);
    expect(sectionCandidates('representation:B', SET.debugRequests)).toEqual([
      'representation:BallModel',
      'representation:BallPercept',
    ]);
    expect(sectionCandidates('', ['a:b/c', 'a:d'])).toEqual(['a:']);
  });
});

describe('TabCompleter', () => {
  it('completes a unique command with a space', () => {
    expect(new TabCompleter().complete('ech', 3, SET)).toEqual({ line: 'echo ', cursor: 5 });
  });

  it('extends to the common prefix, then cycles forwards and backwards', () => {
    const c = new TabCompleter();
    const first = c.complete('dr rep', 6, SET)!;
    expect(first).toEqual({ line: 'dr representation:', cursor: 18 });
    const a = c.complete(first.line, first.cursor, SET)!;
    expect(a.line).toBe('dr representation:BallModel');
    // Several names fit: the result lists them all and says which one the line holds.
    expect(a.candidates).toEqual([
      'representation:BallModel',
      'representation:BallPercept',
      'representation:RobotPose',
    ]);
    expect(a.selected).toBe(0);
    const b = c.complete(a.line, a.cursor, SET)!;
    expect(b.line).toBe('dr representation:BallPercept');
    expect(b.selected).toBe(1);
    const d = c.complete(b.line, b.cursor, SET)!;
    expect(d.line).toBe('dr representation:RobotPose');
    expect(c.complete(d.line, d.cursor, SET)!.line).toBe('dr representation:BallModel');
    const back = c.complete('dr representation:BallModel', 27, SET, true)!;
    expect(back.line).toBe('dr representation:RobotPose');
  });

  it('keeps text after the cursor and returns undefined when nothing fits', () => {
    const c = new TabCompleter();
    const common = c.complete('robot rob x', 9, SET)!;
    expect(common).toMatchObject({ line: 'robot robot x', cursor: 11, candidates: expect.arrayContaining(['robot1']) });
    expect(common.selected).toBeUndefined();
    expect(c.complete(common.line, common.cursor, SET)!.line).toBe('robot robot1 x');
    expect(new TabCompleter().complete('zzz', 3, SET)).toBeUndefined();
  });
});
