/**
 * @file Entry of the robot bundle deployed to a NAO: one file that is the main program, the entry of every
 * thread worker, and the worker registry. The main thread runs the command line; a worker runs the thread body.
 * The branches load lazily so that a worker never starts the command line and the main thread never runs a
 * thread body.
 */
import { isMainThread } from 'node:worker_threads';

// Workers import this very file as their registry (StandaloneRobot's registryPath), so it must export it.
export { registry } from '@robot-runtime/hosts/robot/lola/naoHostRegistry';

if (isMainThread) void import('./robotMain');
else void import('@robot-runtime/hosts/robot/workers/threadWorker');
