import { describe, expect, it } from 'vitest';
import { RecordBuffer } from './RecordBuffer';

describe('RecordBuffer', () => {
  it('keeps records and their numbers while it grows and reclaims dropped ones', () => {
    const buffer = new RecordBuffer(2, 4);
    // A sliding window: push one, drop the oldest beyond 10, long enough to grow and to compact many times.
    for (let r = 0; r < 1000; r++) {
      const at = buffer.push();
      expect(at).toBe(r);
      buffer.set(at, 0, r);
      buffer.set(at, 1, -r);
      buffer.dropBefore(r - 9);
      expect(buffer.first).toBe(Math.max(0, r - 9));
      for (let k = buffer.first; k < buffer.end; k++) expect([buffer.get(k, 0), buffer.get(k, 1)]).toEqual([k, -k]);
      expect(buffer.storage[r * 2 + buffer.shift]).toBe(r);
    }
    expect(buffer.length).toBe(10);
  });

  it('appends several records at once, drops no further than its end, and restarts numbering when cleared', () => {
    const buffer = new RecordBuffer(1);
    expect(buffer.pushMany(100)).toBe(0);
    buffer.dropBefore(500);
    expect(buffer.length).toBe(0);
    expect(buffer.push()).toBe(100);
    buffer.clear(7);
    expect([buffer.first, buffer.end, buffer.push()]).toEqual([7, 7, 7]);
  });
});
