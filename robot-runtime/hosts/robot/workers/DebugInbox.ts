/**
 * @file The debug messages waiting for a worker thread, handled under a time budget per frame. A console (or a
 * hostile client holding the link) can send thousands of requests and data changes at once; handling them all
 * before the next frame would delay it by as long as they take. What the budget leaves is handled, in order, before
 * the following frames.
 */
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';

/** Longest time a frame spends on waiting debug messages (ms): a quarter of Motion's 12 ms period. */
export const DEBUG_BUDGET_MS = 3;

export class DebugInbox {
  private batch: readonly Message[] = [];
  private next = 0;

  /** `receive`: the next packed batch, or undefined when none waits. */
  constructor(private readonly receive: () => readonly Message[] | undefined) {}

  /**
   * Hands waiting messages to `handle` in arrival order until none waits or `budgetMs` has passed on `now` (at least
   * one message is handled per call). Returns how many were handled.
   */
  drain(handle: (message: Message) => void, now: () => number, budgetMs = DEBUG_BUDGET_MS): number {
    const deadline = now() + budgetMs;
    let handled = 0;
    for (;;) {
      if (this.next >= this.batch.length) {
        // Let go of a handled batch at once: it may be megabytes, and the next one may come only much later.
        this.batch = [];
        this.next = 0;
        const batch = this.receive();
        if (!batch) return handled;
        this.batch = batch;
        this.next = 0;
        continue;
      }
      handle(this.batch[this.next++]!);
      handled++;
      if (now() >= deadline) return handled;
    }
  }

  /** Whether messages of a received batch still wait (more may wait in the port). */
  get holdsMessages(): boolean {
    return this.next < this.batch.length;
  }
}
