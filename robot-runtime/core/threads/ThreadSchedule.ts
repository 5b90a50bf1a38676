/**
 * @file When threads run. Camera threads run at 30 Hz, Motion at the LoLA rate of 83.3 Hz (12 ms), and
 * Cognition runs once after every camera frame. The cameras are half a period apart (as on the NAO, where the
 * two cameras are not synchronised), so Cognition alternates between upper and lower images at about 60 Hz
 * instead of running twice at the same instant. Executors take these defaults per thread and accept overrides.
 */
import type { ThreadConfiguration } from '../config/Configuration';

/** A thread either runs on its own period or once after each frame of certain other threads. */
export type ThreadSchedule =
  | {
      readonly kind: 'periodic';
      readonly periodMs: number;
      /** Offset of the first frame from the robot's start (ms, default 0): frames are due at start + phase + n × period. */
      readonly phaseMs?: number;
    }
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
      return cameraSchedule(perception.indexOf(thread.name), perception.length);
    case 'Motion':
      return { kind: 'periodic', periodMs: MOTION_PERIOD_MS };
    case 'Audio':
      return { kind: 'periodic', periodMs: AUDIO_PERIOD_MS };
    case 'Cognition':
    case 'Referee':
      // Both wait for new images; without camera threads (2-D scenario) they run at the camera rate themselves.
      return perception.length
        ? { kind: 'triggered', by: perception }
        : { kind: 'periodic', periodMs: CAMERA_PERIOD_MS };
    default:
      return { kind: 'periodic', periodMs: CAMERA_PERIOD_MS };
  }
}

/** The schedule of camera `index` of `count`: the cameras' frames are spread evenly over the camera period. */
export function cameraSchedule(index: number, count: number): ThreadSchedule {
  return { kind: 'periodic', periodMs: CAMERA_PERIOD_MS, phaseMs: count > 1 ? (index * CAMERA_PERIOD_MS) / count : 0 };
}

/** Schedules for all threads: defaults, replaced by `overrides` where given. */
export function schedulesFor(
  threads: readonly ScheduledThread[],
  overrides: Readonly<Record<string, ThreadSchedule>> = {},
): Map<string, ThreadSchedule> {
  return new Map(threads.map((t) => [t.name, overrides[t.name] ?? defaultSchedule(t, threads)] as const));
}
