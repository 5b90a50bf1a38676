/**
 * @file The toy robot as a worker registry whose Cognition worker starts late (tests): its host holds the worker
 * back until Upper has run its last frame and a moment more, as a loaded machine may do by chance. Upper's host
 * raises word 0 of the executor's `hostShared` buffer when its frame `lastUpperFrame` (host option) begins.
 */
import type { ThreadHost, ThreadWorkerRegistry } from '../protocol';
import { registry as toyRegistry } from './toyRegistry';

/** Host options of this registry. */
export interface LateCognitionOptions {
  /** Upper's last frame (0-based); Cognition's worker becomes ready only after it began. */
  lastUpperFrame: number;
}

/** Nothing injected: the toy modules read no host data. */
const NOTHING = { get: (): unknown => undefined };

/** The registry workers import. */
export const registry: ThreadWorkerRegistry = {
  ...toyRegistry,
  createHost(thread: string, shared: SharedArrayBuffer | undefined, options: unknown): ThreadHost {
    const { lastUpperFrame } = options as LateCognitionOptions;
    const upperStarted = new Int32Array(shared!, 0, 1);
    if (thread === 'Cognition') {
      Atomics.wait(upperStarted, 0, 0);
      // Upper announces its last frame at its start: let it finish the frame and its wake-ups first.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    }
    let frame = 0;
    return {
      frame: () => {
        if (thread === 'Upper' && frame++ === lastUpperFrame) {
          Atomics.store(upperStarted, 0, 1);
          Atomics.notify(upperStarted, 0);
        }
        return NOTHING;
      },
    };
  },
};
