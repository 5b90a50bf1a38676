import { describe, expect, it } from 'vitest';
import { encode } from '../../protocol/binary/encode';
import type { AnyType } from '../../protocol/types';
import { ManualClock } from '../Clock';
import { defineModule } from '../module/defineModule';
import { restoreProgram, snapshotObstacles, snapshotProgram } from './programSnapshot';
import { RobotProgram } from './RobotProgram';
import { RecordingDebugger } from './testing/RecordingDebugger';
import { ToyCamera, ToyJointState, ToyModeler, ToyPerceptor, toyConfiguration, toyModules } from './testing/toyRobot';

function program(modules = toyModules): { program: RobotProgram; clock: ManualClock } {
  const clock = new ManualClock();
  const p = new RobotProgram({
    modules,
    configuration: toyConfiguration(),
    clock,
    seed: 3,
    createDebugger: () => new RecordingDebugger({ outputs: [], record: false }),
  });
  return { program: p, clock };
}

/** Runs frames `from` … `to - 1` (Upper and Cognition every third, Motion every frame); every blackboard's bytes. */
function run(p: RobotProgram, clock: ManualClock, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    clock.set(i * 12);
    const threads = i % 3 === 0 ? ['Upper', 'Cognition', 'Motion'] : ['Motion'];
    for (const name of threads) {
      const runner = p.thread(name)!;
      runner.runFrame();
      for (const r of runner.blackboard.names())
        out.push(`${name}.${r}:${encode(runner.blackboard.typeOf(r) as AnyType, runner.blackboard.get(r)).join(',')}`);
    }
  }
  return out;
}

describe('program snapshots', () => {
  it('restore blackboards, kept module state, random streams and the exchange in flight', () => {
    const { program: p, clock } = program();
    expect(snapshotObstacles(p)).toEqual([]);
    run(p, clock, 0, 40);
    // Motion published after Cognition's last frame: a package is in flight to Cognition.
    const snapshot = snapshotProgram(p);
    expect(snapshot.bytes).toBeGreaterThan(0);
    const first = run(p, clock, 40, 80);
    restoreProgram(p, snapshot);
    const again = run(p, clock, 40, 80);
    expect(again).toEqual(first);
    // A snapshot serves more than one restore.
    restoreProgram(p, snapshot);
    expect(run(p, clock, 40, 80)).toEqual(first);
    // And the program computes what one run straight through computes.
    const straight = program();
    run(straight.program, straight.clock, 0, 40);
    expect(run(straight.program, straight.clock, 40, 80)).toEqual(first);
  });

  it('names the modules that neither keep their state nor are stateless', () => {
    const Forgetful = defineModule({
      name: 'ToyMotion',
      category: 'MotionControl',
      provides: [ToyJointState],
    }).implement(() => {
      let frame = 0;
      return { update: { ToyJointState: (j) => void (j.frame = frame++) } };
    });
    const { program: p } = program([ToyCamera, ToyPerceptor, ToyModeler, Forgetful]);
    expect(snapshotObstacles(p)).toEqual(['ToyMotion (Motion) neither keeps its state nor is stateless']);
    expect(() => snapshotProgram(p)).toThrow(/ToyMotion \(Motion\)/);
  });
});
