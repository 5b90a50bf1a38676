import { describe, expect, it } from 'vitest';
import { ManualClock } from '../Clock';
import { decode } from '../../protocol/binary';
import { RobotProgram } from './RobotProgram';
import { ThreadRunner } from './ThreadRunner';
import { RecordingDebugger } from './testing/RecordingDebugger';
import { ToyCameraInfo, ToyPercept, toyConfiguration, toyModules } from './testing/toyRobot';
import { buildModuleGraph } from '../module/ModuleGraph';
import { defineRepresentation } from '../representation';
import { defineModule } from '../module/defineModule';
import { field, t } from '../../protocol/types';
import { makeThread } from '../config/Configuration';
import { ConfigurationError } from './ConfigurationError';

function program(debuggers: Map<string, RecordingDebugger>, seed = 1) {
  return new RobotProgram({
    modules: toyModules,
    configuration: toyConfiguration(),
    clock: new ManualClock(),
    seed,
    createDebugger: (name) => {
      const dbg = new RecordingDebugger({ outputs: ['ToyPercept', 'ToyWorldModel'] });
      debuggers.set(name, dbg);
      return dbg;
    },
    messageIdFor: (rep) => (rep === 'ToyPercept' ? 77 : undefined),
  });
}

describe('ThreadRunner', () => {
  it('wraps every provider in the debug sequence of a frame', () => {
    const debuggers = new Map<string, RecordingDebugger>();
    const robot = program(debuggers);
    robot.thread('Upper')!.runFrame();
    expect(debuggers.get('Upper')!.calls).toEqual([
      { kind: 'beginFrame', frame: 0, time: 0 },
      { kind: 'modify', name: 'module:ToyPerceptor' },
      { kind: 'measure', name: 'AllModules' },
      { kind: 'measure', name: 'ToyCameraInfo' },
      { kind: 'modify', name: 'representation:ToyCameraInfo' },
      { kind: 'output', name: 'ToyCameraInfo', messageId: undefined },
      { kind: 'measure', name: 'ToyPercept' },
      { kind: 'modify', name: 'representation:ToyPercept' },
      { kind: 'output', name: 'ToyPercept', messageId: 77 },
      { kind: 'endFrame' },
    ]);
  });

  it('returns the debugger’s messages and shares data with the receiving thread', () => {
    const debuggers = new Map<string, RecordingDebugger>();
    const robot = program(debuggers);
    const upper = robot.thread('Upper')!;
    const messages = upper.runFrame();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.id).toBe(77);
    expect(decode(ToyPercept, messages[0]!.payload)).toEqual(upper.blackboard.get('ToyPercept'));
    upper.runFrame();
    const cognition = robot.thread('Cognition')!;
    cognition.runFrame();
    expect(cognition.blackboard.get('ToyPercept')).toEqual(upper.blackboard.get('ToyPercept'));
    expect(cognition.blackboard.get('ToyWorldModel')).toMatchObject({ updates: 1, perceptFrame: 1, consistent: true });
    // The package is taken once: without a new Upper frame Cognition keeps the old value.
    cognition.runFrame();
    expect(cognition.blackboard.get('ToyWorldModel')).toMatchObject({ updates: 2, perceptFrame: 1 });
  });

  it('applies MODIFY overrides of parameters and representations in place', () => {
    const overrides = new Map<string, Record<string, unknown>>([
      ['module:ToyPerceptor', { gain: 0 }],
      ['representation:ToyCameraInfo', { noise: 5 }],
    ]);
    const robot = new RobotProgram({
      modules: toyModules,
      configuration: toyConfiguration(),
      clock: new ManualClock(),
      createDebugger: () => new RecordingDebugger({ overrides: overrides }),
    });
    const upper = robot.thread('Upper')!;
    upper.runFrame();
    expect(upper.blackboard.get('ToyCameraInfo')).toMatchObject({ noise: 5 });
    expect(upper.blackboard.get('ToyPercept')).toMatchObject({ score: 0 });
  });

  it('reports verify() violations as debug text and skips the wrapping for providers without modify', () => {
    const Counter = defineRepresentation(
      'Counter',
      { n: field(t.int32, 'Count.') },
      { verify: (c) => (c.n > 1 ? `n = ${c.n}` : undefined) },
    );
    const Hidden = defineRepresentation('Hidden', { n: field(t.int32, 'Count.') });
    const counting = defineModule({
      name: 'Counting',
      category: 'Test',
      provides: [Counter, Hidden],
      providesWithoutModify: ['Hidden'],
    }).implement(() => ({
      update: {
        Counter(c) {
          c.n++;
        },
        Hidden(h) {
          h.n++;
        },
      },
    }));
    const config = {
      defaultRepresentations: [],
      threads: [makeThread('Cognition', 'Cognition', { Counter: 'Counting', Hidden: 'Counting' })],
    };
    const graph = buildModuleGraph([counting], config);
    const dbg = new RecordingDebugger();
    const runner = new ThreadRunner({ graph, plan: graph.threads[0]!, debugger: dbg, clock: new ManualClock() });
    runner.runFrame();
    runner.runFrame();
    expect(dbg.texts).toEqual(['Cognition: Counter.verify: n = 2']);
    expect(dbg.calls.filter((c) => c.kind === 'output').map((c) => (c as { name: string }).name)).toEqual([
      'Counter',
      'Counter',
    ]);
  });

  it('keeps module state across a reconfiguration and creates new modules', () => {
    const debuggers = new Map<string, RecordingDebugger>();
    const robot = program(debuggers);
    const upper = robot.thread('Upper')!;
    upper.runFrame();
    upper.runFrame();
    const config = toyConfiguration();
    config.threads[0]!.representationProviders = [{ representation: 'ToyCameraInfo', provider: 'ToyCamera' }];
    config.threads[1]!.representationProviders.push({ representation: 'ToyPercept', provider: 'ToyPerceptor' });
    expect(robot.reconfigure(config)).toEqual([]);
    upper.runFrame();
    expect(upper.blackboard.get('ToyCameraInfo')).toMatchObject({ frame: 2 });
    expect(upper.blackboard.has('ToyPercept')).toBe(false);
    robot.thread('Cognition')!.runFrame();
    expect(robot.thread('Cognition')!.blackboard.get('ToyPercept')).toMatchObject({ frame: 2, check: 4 });
  });

  it('rejects invalid configurations with every problem', () => {
    const config = toyConfiguration();
    config.threads[0]!.representationProviders = [];
    expect(() => program(new Map()).reconfigure(config)).not.toThrow();
    expect(
      () =>
        new RobotProgram({
          modules: toyModules,
          configuration: config,
          clock: new ManualClock(),
          createDebugger: () => new RecordingDebugger(),
        }),
    ).toThrow(ConfigurationError);
    expect(ToyCameraInfo.typeName).toBe('ToyCameraInfo');
  });
});
