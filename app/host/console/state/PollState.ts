/**
 * @file Progress of polling a robot (formats §2.4): type info and module table (one answer each, from the Debug
 * thread), debug request names (a `pollingFinished` from every thread plus Debug), and drawing managers (one per
 * thread). Commands that depend on one of these wait until it has arrived; a robot that never answers must not
 * block the console forever, so every part gives up after a timeout and is then reported as missing.
 */

/** The data a command can depend on. */
export type Prerequisite = 'requests' | 'typeInfo' | 'moduleTable' | 'drawingManagers';

/** Where a prerequisite stands. */
export type PrerequisiteStatus = 'ready' | 'pending' | 'missing';

/** Bookkeeping of one poll round. */
export class PollState {
  /** When the current round started (undefined before the first poll). */
  startedAt: number | undefined;
  typeInfoReceived = false;
  moduleTableReceived = false;
  pollingFinishedCount = 0;
  /** Threads whose 2-D drawing manager arrived in this round. */
  readonly drawingManagerThreads = new Set<string>();
  /** Set when a round gave up waiting. */
  timedOut = false;

  constructor(private readonly timeoutMs: number) {}

  /** Starts a new round at time `now`. */
  start(now: number): void {
    this.startedAt = now;
    this.typeInfoReceived = false;
    this.moduleTableReceived = false;
    this.pollingFinishedCount = 0;
    this.drawingManagerThreads.clear();
    this.timedOut = false;
  }

  /** Forgets the round (the link went down): the next connection polls from scratch. */
  reset(): void {
    this.start(0);
    this.startedAt = undefined;
  }

  /** True while a round is running and not every answer is in. */
  isPolling(threadCount: number | undefined): boolean {
    if (this.startedAt === undefined || this.timedOut) return false;
    return (['requests', 'typeInfo', 'moduleTable', 'drawingManagers'] as const).some(
      (p) => !this.received(p, threadCount),
    );
  }

  /** Checks the timeout; returns true exactly once, when the round gives up. */
  checkTimeout(now: number, threadCount: number | undefined): boolean {
    if (this.startedAt === undefined || this.timedOut || !this.isPolling(threadCount)) return false;
    if (now - this.startedAt < this.timeoutMs) return false;
    this.timedOut = true;
    return true;
  }

  /**
   * Whether `p` has arrived. `threadCount` is the number of robot threads (from the module table); while it is
   * unknown, per-thread answers cannot be complete.
   */
  received(p: Prerequisite, threadCount: number | undefined): boolean {
    switch (p) {
      case 'typeInfo':
        return this.typeInfoReceived;
      case 'moduleTable':
        return this.moduleTableReceived;
      case 'requests':
        return threadCount !== undefined && this.pollingFinishedCount >= threadCount + 1;
      case 'drawingManagers':
        return threadCount !== undefined && this.drawingManagerThreads.size >= threadCount;
    }
  }

  /** `ready` (arrived), `pending` (still waiting) or `missing` (never polled, or the round gave up). */
  status(p: Prerequisite, threadCount: number | undefined): PrerequisiteStatus {
    if (this.received(p, threadCount)) return 'ready';
    // Whatever arrived before a timeout is usable: requests and managers are complete enough to act on.
    if (
      this.timedOut &&
      (p === 'requests'
        ? this.pollingFinishedCount > 0
        : p === 'drawingManagers'
          ? this.drawingManagerThreads.size > 0
          : false)
    )
      return 'ready';
    return this.startedAt !== undefined && !this.timedOut ? 'pending' : 'missing';
  }
}

/** What to tell the user when a prerequisite never arrived. */
export function missingMessage(p: Prerequisite): string {
  switch (p) {
    case 'requests':
      return 'the robot did not answer the poll for debug requests';
    case 'typeInfo':
      return 'no type info received from the robot';
    case 'moduleTable':
      return 'no module table received from the robot';
    case 'drawingManagers':
      return 'no drawing managers received from the robot';
  }
}
