/**
 * @file The messages between LocalPool and its worker processes (Node's IPC channel, JSON).
 */
import type { CampaignResult, CampaignRun } from './campaignRun';

/** Parent → worker: run this (recording under `out`), end the current run as stopped (`cancel`), or exit. */
export type PoolMessage = { type: 'run'; run: CampaignRun; out: string } | { type: 'cancel' } | { type: 'stop' };

/** Worker → parent: ready for a run, a run's result, or an exception the run's own error handling missed. */
export type WorkerMessage =
  { type: 'ready' } | { type: 'result'; result: CampaignResult } | { type: 'failed'; index: number; error: string };
