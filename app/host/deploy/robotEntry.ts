/**
 * @file Entry of the robot bundle deployed to a NAO: one file that is the main program, the entry of every
 * thread worker and device worker (a camera's or microphone's capture), and the worker registry. The main thread
 * runs the command line; a device worker (started with its name, deviceWorker.ts) its capture loop; any other
 * worker the thread body. The branches load lazily so that each runs only its own code.
 */
import { isMainThread, workerData } from 'node:worker_threads';

// Workers import this very file as their registry (StandaloneRobot's registryPath), so it must export it.
export { registry } from '@robot-runtime/hosts/robot/lola/naoHostRegistry';

const deviceWorker = isMainThread ? undefined : (workerData as { deviceWorker?: string } | null)?.deviceWorker;
if (isMainThread) void import('./robotMain');
else if (deviceWorker === 'captureWorker') void import('@robot-runtime/hosts/robot/v4l2/captureWorker');
else if (deviceWorker === 'microphoneWorker') void import('@robot-runtime/hosts/robot/alsa/microphoneWorker');
else void import('@robot-runtime/hosts/robot/workers/threadWorker');
