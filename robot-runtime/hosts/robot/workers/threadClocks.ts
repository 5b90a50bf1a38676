/**
 * @file The clocks a robot program's threads can run on. On a NAO, and against a simulator in real time, time is
 * the wall clock since the program started. Against a simulator in lock-step, the wall clock says nothing about
 * the game: the simulation runs as fast as its slowest program, and a walk that integrates wall-clock time steps
 * as if the world moved faster or slower than it does. There, time counts LoLA cycles, as a simulated robot in
 * SimRobot counts simulation steps: the main thread advances one shared counter per sensor packet, before the
 * Motion thread can see that packet, and every thread reads it.
 */
import type { Clock } from '@robot-runtime/core/Clock';

/** Wall-clock time since the shared start, in ms (µs resolution for stopwatches). */
export function wallClock(startEpochMs: number): Clock {
  return {
    now: () => performance.timeOrigin + performance.now() - startEpochMs,
    micros: () => (performance.timeOrigin + performance.now() - startEpochMs) * 1000,
  };
}

/** Length of one LoLA cycle (ms): a NAO's LoLA sends a sensor packet every 12 ms. */
export const LOLA_CYCLE_MS = 12;

/** The program's time as a count of milliseconds in shared memory, written by one thread and read by all. */
export class SharedCycleClock {
  /** The shared word; pass it to the workers. */
  readonly buffer: SharedArrayBuffer;
  private readonly ms: Int32Array;

  constructor(buffer = new SharedArrayBuffer(4)) {
    this.buffer = buffer;
    this.ms = new Int32Array(buffer);
  }

  /** Milliseconds since the program started, on the cycle count. */
  now(): number {
    return Atomics.load(this.ms, 0);
  }

  /** Sets the time after `cycles` LoLA cycles. */
  setCycles(cycles: number): void {
    Atomics.store(this.ms, 0, cycles * LOLA_CYCLE_MS);
  }
}

/**
 * A thread's clock: the cycle count when `cycleClock` is given (its stopwatches still measure wall time, since
 * they report what a frame cost), otherwise the wall clock since `startEpochMs`.
 */
export function threadClock(startEpochMs: number, cycleClock?: SharedArrayBuffer): Clock {
  const wall = wallClock(startEpochMs);
  if (!cycleClock) return wall;
  const cycles = new SharedCycleClock(cycleClock);
  return { now: () => cycles.now(), micros: wall.micros };
}
