/**
 * @file Gives a robot thread the scheduling its `threads.cfg` priority asks for. On the NAO B-Human runs a
 * thread with a positive priority under the real-time scheduler (Motion at 20), so the LoLA cycle is never late
 * because perception or a debugging client is busy. Node has no API for thread scheduling policies, so the thread
 * asks util-linux's `chrt` to make it SCHED_FIFO at that priority (allowed for root and for users with an
 * rtprio limit, as on a NAO set up for B-Human); where that is refused, a positive priority becomes the strongest
 * nice value the process may set. Both change only the calling thread: Linux schedules threads individually.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value a B-Human thread priority maps to when real-time scheduling is refused (0 = unchanged). */
export function niceValueFor(priority: number): number {
  return priority > 0 ? -Math.min(20, priority) : 0;
}

/** How a thread ended up being scheduled. */
export interface ThreadScheduling {
  /** 'fifo': real-time at `priority`; 'nice': the normal scheduler at `nice`; 'normal': unchanged. */
  readonly policy: 'fifo' | 'nice' | 'normal';
  /** What could not be done and why (the thread runs anyway), if anything. */
  readonly note?: string;
}

/** The calling thread's kernel id (Linux), or undefined elsewhere. */
function ownThreadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

/** Makes the calling thread SCHED_FIFO at `priority`; the reason when it cannot. */
function realTime(priority: number): string | undefined {
  const tid = ownThreadId();
  if (tid === undefined || !Number.isFinite(tid)) return 'no /proc/thread-self';
  try {
    execFileSync('chrt', ['-f', '-p', String(Math.min(99, priority)), String(tid)], { stdio: 'pipe', timeout: 2000 });
    return undefined;
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim();
    return stderr || (e as NodeJS.ErrnoException).code || (e as Error).message;
  }
}

/** Applies `priority` (B-Human's meaning: > 0 real-time, 0 normal) to the calling worker thread. */
export function applyThreadPriority(thread: string, priority: number): ThreadScheduling {
  if (priority <= 0) return { policy: 'normal' };
  const refused = realTime(priority);
  if (refused === undefined) return { policy: 'fifo' };
  const nice = niceValueFor(priority);
  try {
    setPriority(nice);
    return {
      policy: 'nice',
      note: `thread ${thread}: real-time priority ${priority} refused (${refused}); nice ${nice} instead`,
    };
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    return {
      policy: 'normal',
      note: `thread ${thread}: priority ${priority} not applied (real time: ${refused}; nice ${nice}: ${reason}); it runs at normal priority and may be late when the machine is busy`,
    };
  }
}
