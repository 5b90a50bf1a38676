/**
 * @file Stopwatch data of one robot (formats §5.4), kept by its console's model from the idStopwatch messages it
 * decodes: per thread the last 100 measurements of every stopwatch with the time it last reported, the frame
 * start times for frequency and frame delta range, and a longer history per stopwatch for the plot of one
 * stopwatch over time. The timing view and the command-line console both read it.
 */
import type { StopwatchFrame } from '@robot-runtime/protocol/debugMessages/stopwatch';
import type { StopwatchRow, TimingData } from '@app/ipc/viewData';
import { frameRate, type FrameStart } from './frameRate';
import { IGNORE_LIMIT, NameCap, type LimitReport } from './NameCap';

/** Samples behind min/max/avg (B-Human's ring buffer size). */
export const TIMING_WINDOW = 100;
/** Samples kept per stopwatch for its plot over time. */
export const STOPWATCH_HISTORY = 1000;
/** Stopwatches kept per thread (B-Human has a few hundred; ids are 16 bits, so a robot could announce 65 536). */
export const MAX_STOPWATCHES_PER_THREAD = 1024;

/** A fixed-capacity buffer. */
class Ring<T> {
  private readonly values: T[] = [];
  constructor(private readonly capacity: number) {}
  push(v: T): void {
    this.values.push(v);
    if (this.values.length > this.capacity) this.values.splice(0, this.values.length - this.capacity);
  }
  last(n: number): T[] {
    return this.values.slice(Math.max(0, this.values.length - n));
  }
  get size(): number {
    return this.values.length;
  }
}

interface Watch {
  readonly history: Ring<number>;
  lastReport: number;
}

interface ThreadTiming {
  readonly names: Map<number, string>;
  readonly watches: Map<number, Watch>;
  readonly starts: Ring<FrameStart>;
}

/** Stopwatch data of all threads of one robot. */
export class TimingStore {
  private readonly threads = new Map<string, ThreadTiming>();

  private readonly cap: NameCap;

  constructor(
    private readonly now: () => number = () => Date.now(),
    report: LimitReport = IGNORE_LIMIT,
  ) {
    this.cap = new NameCap('stopwatches per thread', MAX_STOPWATCHES_PER_THREAD, report);
  }

  /** Adds one decoded idStopwatch payload. */
  add(thread: string, frame: StopwatchFrame): void {
    let t = this.threads.get(thread);
    if (!t)
      this.threads.set(thread, (t = { names: new Map(), watches: new Map(), starts: new Ring(TIMING_WINDOW + 1) }));
    const now = this.now();
    for (const n of frame.names) if (this.cap.admits(t.names, n.watchId)) t.names.set(n.watchId, n.name);
    for (const m of frame.times) {
      let w = t.watches.get(m.watchId);
      if (!w && !this.cap.admits(t.watches, m.watchId)) continue;
      if (!w) t.watches.set(m.watchId, (w = { history: new Ring(STOPWATCH_HISTORY), lastReport: now }));
      w.history.push(m.micros / 1000);
      w.lastReport = now;
    }
    t.starts.push({ start: frame.threadStartTime, frame: frame.frameNumber });
  }

  /** Threads that sent timing data. */
  get threadNames(): string[] {
    return [...this.threads.keys()];
  }

  /** The table of `thread`: rows sorted by name, frequency and frame delta range. */
  table(thread: string): TimingData {
    const t = this.threads.get(thread);
    const empty: TimingData = { kind: 'timing', thread, frequency: 0, minDelta: 0, maxDelta: 0, rows: [] };
    if (!t) return empty;
    const now = this.now();
    const rows: StopwatchRow[] = [];
    for (const [id, w] of t.watches) {
      const name = t.names.get(id);
      if (name === undefined || w.history.size === 0) continue;
      const window = w.history.last(TIMING_WINDOW);
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      for (const v of window) {
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
      }
      rows.push({ name, min, max, avg: sum / window.length, age: now - w.lastReport });
    }
    rows.sort((a, b) => a.name.localeCompare(b.name));
    return { ...empty, ...frameRate(t.starts.last(TIMING_WINDOW + 1)), rows };
  }

  /** The recent measurements of stopwatch `name` in `thread` (ms, oldest first). */
  history(thread: string, name: string): number[] {
    const t = this.threads.get(thread);
    if (!t) return [];
    for (const [id, n] of t.names) if (n === name) return t.watches.get(id)?.history.last(STOPWATCH_HISTORY) ?? [];
    return [];
  }
}
