/**
 * @file Stopwatch data of one robot as the timing view needs it (facts §5.4): per thread the last 100
 * measurements of every stopwatch with the time it last reported, the frame start times for frequency and frame
 * delta range, and a longer history per stopwatch for the plot of one stopwatch over time. It decodes the
 * robot's idStopwatch messages itself because the console's TimingStore keeps neither report times nor history.
 */
import { decodeStopwatch, type StopwatchFrame } from '../../../robot-runtime/protocol/debugMessages/stopwatch';
import { MessageID } from '../../../robot-runtime/protocol/messages/MessageIDs';
import type { RobotConsole } from '../console/RobotConsole';
import type { StopwatchRow, TimingData } from '../../ipc/viewData';

/** Samples behind min/max/avg (B-Human's ring buffer size). */
export const TIMING_WINDOW = 100;
/** Samples kept per stopwatch for its plot over time. */
export const STOPWATCH_HISTORY = 1000;

/** A fixed-capacity buffer of numbers. */
class Ring {
  private readonly values: number[] = [];
  constructor(private readonly capacity: number) {}
  push(v: number): void {
    this.values.push(v);
    if (this.values.length > this.capacity) this.values.splice(0, this.values.length - this.capacity);
  }
  last(n: number): number[] {
    return this.values.slice(Math.max(0, this.values.length - n));
  }
  get size(): number {
    return this.values.length;
  }
}

interface Watch {
  readonly history: Ring;
  lastReport: number;
}

interface ThreadTiming {
  readonly names: Map<number, string>;
  readonly watches: Map<number, Watch>;
  readonly starts: Ring;
}

/** Stopwatch data of one robot, fed from its console's messages. */
export class TimingTracker {
  private readonly threads = new Map<string, ThreadTiming>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Starts tracking `robot`; returns the function that stops it. */
  attach(robot: RobotConsole): () => void {
    return robot.on('message', ({ thread, message }) => {
      if (message.id !== MessageID.idStopwatch) return;
      try {
        this.add(thread, decodeStopwatch(message.payload));
      } catch {
        // The console's model reports malformed messages already.
      }
    });
  }

  /** Adds one decoded idStopwatch payload. */
  add(thread: string, frame: StopwatchFrame): void {
    let t = this.threads.get(thread);
    if (!t) this.threads.set(thread, (t = { names: new Map(), watches: new Map(), starts: new Ring(TIMING_WINDOW + 1) }));
    const now = this.now();
    for (const n of frame.names) t.names.set(n.watchId, n.name);
    for (const m of frame.times) {
      let w = t.watches.get(m.watchId);
      if (!w) t.watches.set(m.watchId, (w = { history: new Ring(STOPWATCH_HISTORY), lastReport: now }));
      w.history.push(m.micros / 1000);
      w.lastReport = now;
    }
    t.starts.push(frame.threadStartTime);
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
    const starts = t.starts.last(TIMING_WINDOW + 1);
    const deltas = starts.slice(1).map((s, i) => s - starts[i]!);
    const span = starts.length > 1 ? starts[starts.length - 1]! - starts[0]! : 0;
    return {
      ...empty,
      frequency: span > 0 ? (1000 * deltas.length) / span : 0,
      minDelta: deltas.length ? Math.min(...deltas) : 0,
      maxDelta: deltas.length ? Math.max(...deltas) : 0,
      rows,
    };
  }

  /** The recent measurements of stopwatch `name` in `thread` (ms, oldest first). */
  history(thread: string, name: string): number[] {
    const t = this.threads.get(thread);
    if (!t) return [];
    for (const [id, n] of t.names) if (n === name) return t.watches.get(id)?.history.last(STOPWATCH_HISTORY) ?? [];
    return [];
  }
}
