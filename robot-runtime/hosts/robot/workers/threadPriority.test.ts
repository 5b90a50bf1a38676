import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { spawnWorker } from './spawnTsWorker';
import { niceValueFor } from './threadPriority';
import { ownNiceValue } from './testing/ownNiceValue';

async function probe(priority: number): Promise<{ note?: string; nice: number }> {
  const worker = spawnWorker(new URL('./testing/priorityProbe.ts', import.meta.url), { workerData: { priority } });
  const [result] = (await once(worker, 'message')) as [{ note?: string; nice: number }];
  await worker.terminate();
  return result;
}

describe('thread priority', () => {
  it("maps B-Human's priorities: 0 stays normal, real-time ones become the strongest nice values", () => {
    expect(niceValueFor(0)).toBe(0);
    expect(niceValueFor(1)).toBe(-1);
    expect(niceValueFor(20)).toBe(-20);
    expect(niceValueFor(99)).toBe(-20);
  });

  it('raises only the calling worker thread, or says why it could not', { timeout: 20_000 }, async () => {
    const before = ownNiceValue();
    const raised = await probe(20);
    if (raised.note === undefined) expect(raised.nice).toBe(-20);
    else expect(raised.note).toMatch(/priority 20 \(nice -20\) not applied/);
    expect(ownNiceValue()).toBe(before); // the main thread keeps its scheduling
    const normal = await probe(0);
    expect(normal).toEqual({ nice: before });
  });
});
