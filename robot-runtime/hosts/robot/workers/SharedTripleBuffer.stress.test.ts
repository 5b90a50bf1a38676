import { describe, expect, it } from 'vitest';
import {
  createSharedTripleBuffer,
  SharedTripleBufferReader,
} from '@robot-runtime/core/threads/exchange/SharedTripleBuffer';
import { spawnWorker } from './spawnTsWorker';

describe('SharedTripleBuffer across worker threads', () => {
  it('never yields a torn or out-of-order version while a worker writes at full speed', async () => {
    const sab = createSharedTripleBuffer(260 * 4);
    const go = new SharedArrayBuffer(4);
    const reader = new SharedTripleBufferReader(sab);
    const worker = spawnWorker(new URL('./testing/stressWriter.ts', import.meta.url), {
      workerData: { sab, go, durationMs: 300 },
    });
    let lastWritten: number | undefined;
    const done = new Promise<void>((resolve, reject) => {
      worker.on('message', (n: number) => ((lastWritten = n), resolve()));
      worker.on('error', reject);
    });
    await new Promise((r) => worker.once('online', r));
    Atomics.store(new Int32Array(go), 0, 1);
    Atomics.notify(new Int32Array(go), 0);
    let last = 0;
    let reads = 0;
    let torn = 0;
    const check = (bytes: Uint8Array): void => {
      const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
      const n = words[0]!;
      if (words.length !== 2 + (n % 257) || words.some((w) => w !== n) || n <= last) torn++;
      last = n;
      reads++;
    };
    // Read in a tight loop, yielding now and then so the worker's final message can arrive; once enough
    // versions were read (a count: however loaded the machine is, and however long it takes), tell the writer to stop.
    while (lastWritten === undefined) {
      for (let spin = 0; spin < 5000; spin++) {
        const bytes = reader.read();
        if (bytes) check(bytes);
      }
      if (reads > 200) Atomics.store(new Int32Array(go), 0, 2);
      await new Promise((r) => setImmediate(r));
    }
    await done;
    const final = reader.read();
    if (final) check(final);
    await worker.terminate();
    expect(torn).toBe(0);
    expect(reads).toBeGreaterThan(100);
    expect(last).toBe(lastWritten); // the newest version is never lost
    expect(reader.published).toBe(lastWritten);
  });
});
