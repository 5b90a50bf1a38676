/**
 * @file Stopwatch data per thread (facts §5.4), as the timing view shows it: names learned round-robin, the
 * last 100 measurements of every stopwatch, and the thread frequency from the frame numbers and start times.
 */
import type { StopwatchFrame } from '../../../../robot-runtime/protocol/debugMessages/stopwatch';
import { frameRate, type FrameStart } from './frameRate';

/** How many samples min/max/avg are computed over. */
export const TIMING_SAMPLES = 100;

/** Statistics of one stopwatch (milliseconds). */
export interface StopwatchStats {
  name: string;
  min: number;
  max: number;
  avg: number;
  /** The newest measurement. */
  last: number;
}

interface ThreadTiming {
  names: Map<number, string>;
  samples: Map<number, number[]>;
  starts: FrameStart[];
  lastFrame: number;
}

/** Stopwatch data of all threads of one robot. */
export class TimingStore {
  private readonly threads = new Map<string, ThreadTiming>();

  /** Adds one idStopwatch payload of `thread`. */
  add(thread: string, frame: StopwatchFrame): void {
    let t = this.threads.get(thread);
    if (!t) this.threads.set(thread, (t = { names: new Map(), samples: new Map(), starts: [], lastFrame: -1 }));
    for (const n of frame.names) t.names.set(n.watchId, n.name);
    for (const m of frame.times) {
      let list = t.samples.get(m.watchId);
      if (!list) t.samples.set(m.watchId, (list = []));
      list.push(m.micros / 1000);
      if (list.length > TIMING_SAMPLES) list.shift();
    }
    t.starts.push({ start: frame.threadStartTime, frame: frame.frameNumber });
    if (t.starts.length > TIMING_SAMPLES) t.starts.shift();
    t.lastFrame = frame.frameNumber;
  }

  /** Threads with timing data. */
  get threadNames(): string[] {
    return [...this.threads.keys()];
  }

  /** Statistics of every stopwatch of `thread` whose name is known, sorted by name. */
  stats(thread: string): StopwatchStats[] {
    const t = this.threads.get(thread);
    if (!t) return [];
    const result: StopwatchStats[] = [];
    for (const [id, list] of t.samples) {
      const name = t.names.get(id);
      if (name === undefined || list.length === 0) continue;
      result.push({ name, min: Math.min(...list), max: Math.max(...list), avg: list.reduce((a, b) => a + b, 0) / list.length, last: list[list.length - 1]! });
    }
    return result.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Frames per second of `thread` (see frameRate; 0 before two usable samples). */
  frequency(thread: string): number {
    return frameRate(this.threads.get(thread)?.starts ?? []).frequency;
  }
}
