/**
 * @file The threads of the NAO program and when they run: two camera threads at 30 Hz, half a period apart,
 * Cognition after every camera frame (so it alternates between upper and lower images at about 60 Hz), Motion at the LoLA rate
 * (12 ms, 83.3 Hz). Thread names and execution units match config/Scenarios/Default/threads.cfg.
 */
import { cameraSchedule, MOTION_PERIOD_MS, type ThreadSchedule } from '../core/threads/ThreadSchedule';

/** One thread: its execution unit (thread body) and its schedule. */
export interface ThreadSpec {
  readonly name: string;
  /** Perception, Cognition or Motion (B-Human's execution units). */
  readonly executionUnit: string;
  readonly schedule: ThreadSchedule;
}

export const threadSpecs: readonly ThreadSpec[] = [
  { name: 'Upper', executionUnit: 'Perception', schedule: cameraSchedule(0, 2) },
  { name: 'Lower', executionUnit: 'Perception', schedule: cameraSchedule(1, 2) },
  { name: 'Cognition', executionUnit: 'Cognition', schedule: { kind: 'triggered', by: ['Upper', 'Lower'] } },
  { name: 'Motion', executionUnit: 'Motion', schedule: { kind: 'periodic', periodMs: MOTION_PERIOD_MS } },
];

/** Schedules by thread name, the form executors take as overrides. */
export const threadSchedules: Readonly<Record<string, ThreadSchedule>> = Object.fromEntries(
  threadSpecs.map((s) => [s.name, s.schedule]),
);
