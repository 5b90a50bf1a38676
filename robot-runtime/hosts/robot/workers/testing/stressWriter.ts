/**
 * @file Stress-test writer (tests): once the reader says go (go = 1), publishes versions as fast as it can for
 * at least `durationMs` and until the reader says stop (go = 2), so a loaded machine cannot end the test
 * before the two threads overlapped. Version n is 2 + n mod 257 words long and every word holds n, so a torn
 * read shows up as mixed words or a wrong length. Posts the last n.
 */
import { workerData, parentPort } from 'node:worker_threads';
import { SharedTripleBufferWriter } from '@robot-runtime/core/threads/exchange/SharedTripleBuffer';

const { sab, go, durationMs } = workerData as { sab: SharedArrayBuffer; go: SharedArrayBuffer; durationMs: number };
const writer = new SharedTripleBufferWriter(sab);
const scratch = new Uint32Array(260);
Atomics.wait(new Int32Array(go), 0, 0);
const end = performance.now() + durationMs;
const control = new Int32Array(go);
let n = 0;
while (performance.now() < end || Atomics.load(control, 0) !== 2) {
  for (let i = 0; i < 1000; i++) {
    n++;
    const words = 2 + (n % 257);
    scratch.fill(n, 0, words);
    writer.write(new Uint8Array(scratch.buffer, 0, words * 4));
  }
}
parentPort!.postMessage(n);
