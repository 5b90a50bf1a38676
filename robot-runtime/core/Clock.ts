/**
 * Time as the runtime sees it. Injected so that simulated robots run on simulated time (deterministic) and
 * standalone robots on the system clock; the runtime never reads the wall clock itself.
 */
export interface Clock {
  /** Milliseconds since the robot started (B-Human's Time::getCurrentSystemTime semantics). */
  now(): number;
  /** A high-resolution reading in microseconds, used only for stopwatches (never for behaviour). */
  micros(): number;
}

/** A clock that only moves when told to: the deterministic executor's simulated time. */
export class ManualClock implements Clock {
  constructor(
    private timeMs = 0,
    private readonly microsSource: () => number = () => this.timeMs * 1000,
  ) {}
  now(): number {
    return this.timeMs;
  }
  micros(): number {
    return this.microsSource();
  }
  advance(ms: number): void {
    this.timeMs += ms;
  }
  set(ms: number): void {
    this.timeMs = ms;
  }
}
