/**
 * @file When threads run. Camera threads run at 30 Hz, Motion at the LoLA rate of 83.3 Hz (12 ms), and
 * Cognition runs once after every camera frame, so it alternates between upper and lower images. Executors
 * take these defaults per thread and accept overrides.
 */
import type { ThreadConfiguration } from '../config/Configuration';

/** A thread either runs on its own period or once after each frame of certain other threads. */
export type ThreadSchedule =
  | { readonly kind: 'periodic'; readonly periodMs: number }
  | { readonly kind: 'triggered'; readonly by: readonly string[] };

/** Camera frame period (30 Hz). */
export const CAMERA_PERIOD_MS = 1000 / 30;
/** LoLA cycle of the NAO (naoMotionCycleTime). */
export const MOTION_PERIOD_MS = 12;
/** 2048 samples at 48 kHz. */
export const AUDIO_PERIOD_MS = (2048 / 48000) * 1000;

/** What a schedule depends on: a thread's name and execution unit. */
export type ScheduledThread = Pick<ThreadConfiguration, 'name' | 'executionUnit'>;

/** The default schedule of `thread` among `threads` (by execution unit, as B-Human's units are bound to devices). */
export function defaultSchedule(thread: ScheduledThread, threads: readonly ScheduledThread[]): ThreadSchedule {
  const perception = threads.filter((t) => t.executionUnit === 'Perception').map((t) => t.name);
  switch (thread.executionUnit) {
    case 'Perception':
      return { kind: 'periodic', periodMs: CAMERA_PERIOD_MS };
    case 'Motion':
      return { kind: 'periodic', periodMs: MOTION_PERIOD_MS };
    case 'Audio':
      return { kind: 'periodic', periodMs: AUDIO_PERIOD_MS };
    case 'Cognition':
    case 'Referee':
      // Both wait for new images; without camera threads (2-D scenario) they run at the camera rate themselves.
      return perception.length ? { kind: 'triggered', by: perception } : { kind: 'periodic', periodMs: CAMERA_PERIOD_MS };
    default:
      return { kind: 'periodic', periodMs: CAMERA_PERIOD_MS };
  }
}

/** Schedules for all threads: defaults, replaced by `overrides` where given. */
export function schedulesFor(threads: readonly ScheduledThread[], overrides: Readonly<Record<string, ThreadSchedule>> = {}): Map<string, ThreadSchedule> {
  return new Map(threads.map((t) => [t.name, overrides[t.name] ?? defaultSchedule(t, threads)] as const));
}
