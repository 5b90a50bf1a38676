import { describe, expect, it } from 'vitest';
import { OutBinary } from '@robot-runtime/protocol/binary';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { TimingStore } from './TimingStore';

/**
 * An idStopwatch payload in B-Human's layout: uint16 3, three (uint16 id, string name), uint16 n, n (uint16 id,
 * uint32 µs), uint32 thread start time (ms), uint32 frame number.
 */
function stopwatchBytes(
  names: [number, string][],
  times: [number, number][],
  start: number,
  frame: number,
): Uint8Array {
  const out = new OutBinary();
  out.uint16(3);
  for (let i = 0; i < 3; i++) {
    const [id, name] = names[i] ?? [0, ''];
    out.uint16(id);
    out.string(name);
  }
  out.uint16(times.length);
  for (const [id, micros] of times) {
    out.uint16(id);
    out.uint32(micros);
  }
  out.uint32(start);
  out.uint32(frame);
  return out.toBytes();
}

describe('TimingStore', () => {
  it('computes min/max/avg over the window, frequency and frame deltas, and hides nothing itself', () => {
    let now = 0;
    const tracker = new TimingStore(() => now);
    for (let i = 0; i < 120; i++) {
      now = i * 10;
      tracker.add('Motion', {
        names:
          i === 0
            ? [
                { watchId: 1, name: 'JointRequest' },
                { watchId: 2, name: 'AllModules' },
              ]
            : [],
        times: [
          { watchId: 1, micros: 1000 + (i % 4) * 500 },
          { watchId: 2, micros: 3000 },
        ],
        threadStartTime: i * 12,
        frameNumber: i,
      });
    }
    now = 2000;
    const table = tracker.table('Motion');
    expect(table.frequency).toBeCloseTo(1000 / 12, 5);
    expect(table.minDelta).toBe(12);
    expect(table.maxDelta).toBe(12);
    expect(table.rows.map((r) => r.name)).toEqual(['AllModules', 'JointRequest']);
    expect(table.rows[1]).toMatchObject({ min: 1, max: 2.5, avg: 1.75, age: 2000 - 1190 });
    expect(tracker.history('Motion', 'AllModules')).toHaveLength(120);
    expect(tracker.table('Nowhere').rows).toEqual([]);
  });

  it("gives B-Human's 83.3 Hz for a Motion thread whose stopwatches arrive with frame gaps", () => {
    const tracker = new TimingStore(() => 0);
    // A sample left over from an earlier connection: frame numbers far from the new ones.
    tracker.add('Motion', decodeStopwatch(stopwatchBytes([[1, 'AllModules']], [[1, 900]], 40, 71_000)));
    // The robot forwards only the newest frame's stopwatch per packet: 1 to 4 frames apart, 12 ms per frame.
    let frame = 500;
    for (let i = 0; i < 150; i++) {
      frame += 1 + ((i * 7) % 4);
      tracker.add(
        'Motion',
        decodeStopwatch(stopwatchBytes([[1, 'AllModules']], [[1, 900 + i]], 1_000_000 + frame * 12, frame)),
      );
    }
    const table = tracker.table('Motion');
    expect(table.frequency).toBeCloseTo(1000 / 12, 6);
    expect([table.minDelta, table.maxDelta]).toEqual([12, 12]);
    // Averaging start-time gaps per packet instead would have given about a third of that.
    expect(table.frequency).toBeGreaterThan(83.3);
  });
});
