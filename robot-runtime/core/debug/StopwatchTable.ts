import type { StopwatchFrame } from '../../protocol/debugMessages/stopwatch';

/** Names per idStopwatch message: receivers learn all names over a few frames. */
const NAMES_PER_FRAME = 3;
/** Watch ids travel as uint16. */
const MAX_WATCHES = 0x10000;
const MAX_UINT32 = 0xffffffff;

/**
 * A thread's stopwatches: uint16 ids by name, the time each accumulated in the current frame (µs), and the
 * round-robin position of the names sent along with the times.
 */
export class StopwatchTable {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly micros: number[] = [];
  private nextName = 0;

  /** The id of stopwatch `name` (assigned on first use), or undefined when the uint16 id space is exhausted. */
  id(name: string): number | undefined {
    let id = this.ids.get(name);
    if (id === undefined) {
      if (this.names.length >= MAX_WATCHES) return undefined;
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.micros.push(0);
    }
    return id;
  }

  /** Adds a measurement; a watch run several times in a frame reports the sum. */
  add(id: number, micros: number): void {
    this.micros[id] = this.micros[id]! + micros;
  }

  /** Zeroes every watch at the start of a frame (watches not run this frame report 0). */
  resetFrame(): void {
    this.micros.fill(0);
  }

  /** Number of known stopwatches. */
  get size(): number {
    return this.names.length;
  }

  /** This frame's idStopwatch payload; advances the round-robin name position. */
  frame(threadStartTime: number, frameNumber: number): StopwatchFrame {
    const names: StopwatchFrame['names'] = [];
    if (this.names.length > 0) {
      for (let i = 0; i < NAMES_PER_FRAME; i++) {
        names.push({ watchId: this.nextName, name: this.names[this.nextName]! });
        this.nextName = (this.nextName + 1) % this.names.length;
      }
    }
    const times = this.micros.map((us, watchId) => ({
      watchId,
      micros: Math.min(MAX_UINT32, Math.max(0, Math.round(us))),
    }));
    return { names, times, threadStartTime: threadStartTime >>> 0, frameNumber: frameNumber >>> 0 };
  }
}
