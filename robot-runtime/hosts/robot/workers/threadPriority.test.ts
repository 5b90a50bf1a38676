import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { spawnWorker } from './spawnTsWorker';
import { niceValueFor, type ThreadScheduling } from './threadPriority';
import { ownNiceValue, ownSchedulingPolicy } from './testing/ownNiceValue';

type Probe = ThreadScheduling & { nice: number; kernelPolicy: number };

async function probe(priority: number): Promise<Probe> {
  const worker = spawnWorker(new URL('./testing/priorityProbe.ts', import.meta.url), { workerData: { priority } });
  const [result] = (await once(worker, 'message')) as [Probe];
  await worker.terminate();
  return result;
}

describe('thread priority', () => {
  it("maps B-Human's priorities to nice values where real time is refused", () => {
    expect(niceValueFor(0)).toBe(0);
    expect(niceValueFor(1)).toBe(-1);
    expect(niceValueFor(20)).toBe(-20);
    expect(niceValueFor(99)).toBe(-20);
  });

  it('makes only the calling worker thread real-time (or nice), and says why when it cannot', async () => {
    const before = { nice: ownNiceValue(), policy: ownSchedulingPolicy() };
    const raised = await probe(20);
    if (raised.policy === 'fifo')
      expect(raised.kernelPolicy).toBe(1); // SCHED_FIFO, as the kernel reports it
    else if (raised.policy === 'nice')
      expect([raised.nice, raised.note]).toEqual([-20, expect.stringMatching(/refused/)]);
    else expect(raised.note).toMatch(/priority 20 not applied/);
    // The main thread keeps its scheduling.
    expect({ nice: ownNiceValue(), policy: ownSchedulingPolicy() }).toEqual(before);
    const normal = await probe(0);
    expect(normal).toEqual({ policy: 'normal', nice: before.nice, kernelPolicy: before.policy });
  });
});
