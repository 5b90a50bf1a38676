/**
 * @file Gives a robot thread the scheduling its `threads.cfg` priority asks for. On the NAO B-Human runs a
 * thread with a positive priority under the real-time scheduler (Motion at 20, so the LoLA cycle is never late
 * because perception or a debugging client is busy). Node has no API for real-time scheduling, so a positive
 * priority becomes the strongest nice value the process may set for this one thread: on Linux
 * `setpriority(PRIO_PROCESS, 0, …)` changes only the calling thread, so the other threads keep theirs.
 */
import { setPriority } from 'node:os';

/** The nice value a B-Human thread priority maps to (0 = the normal scheduler, unchanged). */
export function niceValueFor(priority: number): number {
  return priority > 0 ? -Math.min(20, priority) : 0;
}

/**
 * Applies `priority` to the calling (worker) thread. Returns undefined when nothing had to change or it worked,
 * otherwise one sentence saying what could not be done and why (e.g. no permission to raise priorities).
 */
export function applyThreadPriority(thread: string, priority: number): string | undefined {
  const nice = niceValueFor(priority);
  if (nice === 0) return undefined;
  try {
    setPriority(nice);
    return undefined;
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    return `thread ${thread}: priority ${priority} (nice ${nice}) not applied (${reason}); it runs at normal priority and may be late when the machine is busy`;
  }
}
