/** @file A worker that applies a thread priority and reports its own nice value (threadPriority.test.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { applyThreadPriority } from '../threadPriority';
import { ownNiceValue, ownSchedulingPolicy } from './ownNiceValue';

const { priority } = workerData as { priority: number };
const result = applyThreadPriority('Probe', priority);
parentPort!.postMessage({ ...result, nice: ownNiceValue(), kernelPolicy: ownSchedulingPolicy() });
