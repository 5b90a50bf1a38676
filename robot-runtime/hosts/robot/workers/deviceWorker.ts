/**
 * @file A device's capture worker (a camera's, a microphone's): its calls block, so it runs beside the robot's
 * threads and hands data over through shared memory. Started with its data plus a stop flag it polls between
 * reads; stopping raises the flag and waits for the worker to close its device, terminating it if it does not.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from './spawnTsWorker';

/** A running device worker. */
export interface DeviceWorker {
  /** Asks the worker to stop and waits (at most `timeoutMs`, then terminates it). */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts `name` (a sibling module of `from` in the sources) with `data` plus `stop` (one Int32 the worker watches)
 * and `deviceWorker: name`. In the deployed bundle every module's URL is the bundle's: the worker then starts the
 * bundle itself, whose entry picks the device worker by that name. Messages and errors go to the callbacks.
 */
export function startDeviceWorker<M>(
  from: string,
  name: string,
  data: object,
  onMessage: (message: M) => void,
  onError: (error: Error) => void,
): DeviceWorker {
  const stop = new SharedArrayBuffer(4);
  const entry = from.endsWith('.ts') ? new URL(`./${name}.ts`, from) : new URL(from);
  const worker: Worker = spawnWorker(entry, { workerData: { ...data, stop, deviceWorker: name } });
  worker.on('message', onMessage);
  worker.on('error', onError);
  return {
    stop: (timeoutMs = 3000) => {
      const flag = new Int32Array(stop);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), timeoutMs);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
