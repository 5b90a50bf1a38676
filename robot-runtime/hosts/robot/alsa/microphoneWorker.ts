/**
 * @file A microphone's capture thread (a worker: ALSA reads block): opens the PCM (ten tries, half a second apart,
 * as B-Human's AudioProvider does while the sound system starts), then reads blocks into the shared ring until
 * told to stop. A device that fails later is reopened the same way; every failure is reported once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AlsaCapture } from './AlsaCapture';
import { AudioShared } from './AudioShared';

/** What the microphone worker is started with. */
export interface MicrophoneWorkerData {
  /** The ALSA PCM name. */
  device: string;
  channels: number;
  /** AudioShared's buffer. */
  audio: SharedArrayBuffer;
  /** One Int32: non-zero asks the worker to stop. */
  stop: SharedArrayBuffer;
}

/** Messages the worker posts. */
export type MicrophoneWorkerMessage = { kind: 'report'; message: string };

const OPEN_TRIES = 10;
const RETRY_MS = 500;

const data = workerData as MicrophoneWorkerData;
const shared = new AudioShared(data.audio);
const stop = new Int32Array(data.stop);
const report = (message: string) =>
  parentPort?.postMessage({ kind: 'report', message: `microphone ${data.device}: ${message}` });

function openWithRetries(): AlsaCapture | undefined {
  let last = '';
  for (let attempt = 0; attempt < OPEN_TRIES && Atomics.load(stop, 0) === 0; attempt++) {
    try {
      return AlsaCapture.open({ device: data.device, channels: data.channels });
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      Atomics.wait(stop, 0, 0, RETRY_MS);
    }
  }
  if (last) report(`cannot be opened (${last}); the robot hears nothing`);
  return undefined;
}

let capture = openWithRetries();
if (capture) report(`capturing ${capture.channels} channels at ${capture.rate} Hz`);
while (capture && Atomics.load(stop, 0) === 0) {
  try {
    const block = capture.read();
    if (block) shared.write(capture.channels, capture.rate, block);
  } catch (error) {
    report(`${error instanceof Error ? error.message : String(error)}; opening it again`);
    capture.close();
    capture = openWithRetries();
  }
}
capture?.close();
