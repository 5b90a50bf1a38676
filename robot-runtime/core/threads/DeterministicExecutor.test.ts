import { describe, expect, it } from 'vitest';
import { ManualClock } from '../Clock';
import { DeterministicExecutor } from './DeterministicExecutor';
import { RobotProgram } from './RobotProgram';
import { RecordingDebugger } from './testing/RecordingDebugger';
import { toyConfiguration, toyModules } from './testing/toyRobot';

function run(seed: number, robots = 2, untilMs = 500) {
  const clock = new ManualClock();
  const log: string[] = [];
  const executor = new DeterministicExecutor(clock, {
    beforeFrame: (robot, thread, time) => {
      log.push(`${time.toFixed(2)} r${robot} ${thread}`);
      return { get: (name) => (name === 'Tick' ? time : undefined) };
    },
    afterFrame: (robot, thread, messages) => {
      for (const m of messages) log.push(`  r${robot} ${thread} ${m.id} ${[...m.payload].join(',')}`);
    },
  });
  for (let robot = 0; robot < robots; robot++) {
    const program = new RobotProgram({
      modules: toyModules,
      configuration: toyConfiguration(),
      clock,
      seed,
      robot,
      createDebugger: () =>
        new RecordingDebugger({ outputs: ['ToyPercept', 'ToyWorldModel', 'ToyJointState'], record: false }),
    });
    executor.addRobot(program);
  }
  const frames = executor.runUntil(untilMs);
  return { log, frames, clock };
}

describe('DeterministicExecutor', () => {
  it('orders frames by time, robot and thread, with Cognition after each camera frame', () => {
    const { log } = run(1, 2, 40);
    expect(log.filter((l) => !l.startsWith(' '))).toEqual([
      '0.00 r0 Upper',
      '0.00 r0 Cognition',
      '0.00 r0 Motion',
      '0.00 r1 Upper',
      '0.00 r1 Cognition',
      '0.00 r1 Motion',
      '12.00 r0 Motion',
      '12.00 r1 Motion',
      '24.00 r0 Motion',
      '24.00 r1 Motion',
      '33.33 r0 Upper',
      '33.33 r0 Cognition',
      '33.33 r1 Upper',
      '33.33 r1 Cognition',
      '36.00 r0 Motion',
      '36.00 r1 Motion',
    ]);
  });

  it('runs the same frames with the same results from the same seed', () => {
    const a = run(5);
    const b = run(5);
    const c = run(6);
    expect(a.frames).toBe(2 * (15 + 15 + 42));
    expect(a.log).toEqual(b.log);
    expect(a.log).not.toEqual(c.log);
    expect(a.clock.now()).toBe(500);
  });

  it('reconfigures a robot between frames', () => {
    const clock = new ManualClock();
    const executor = new DeterministicExecutor(clock);
    const program = new RobotProgram({
      modules: toyModules,
      configuration: toyConfiguration(),
      clock,
      createDebugger: () => new RecordingDebugger({ record: false }),
    });
    executor.addRobot(program);
    executor.runUntil(100);
    const config = toyConfiguration();
    config.threads[2]!.representationProviders = [];
    expect(executor.reconfigureRobot(0, config).length).toBeGreaterThan(0);
    config.threads[1]!.representationProviders.push({ representation: 'ToyJointState', provider: 'ToyMotion' });
    expect(executor.reconfigureRobot(0, config)).toEqual([]);
    executor.runUntil(200);
    // A new ToyMotion instance in Cognition counts its own frames (one per camera frame in (100, 200)).
    expect(
      (program.thread('Cognition')!.blackboard.get('ToyJointState') as { frame: number }).frame,
    ).toBeGreaterThanOrEqual(1);
    expect(program.thread('Motion')!.blackboard.has('ToyJointState')).toBe(false);
  });
});
