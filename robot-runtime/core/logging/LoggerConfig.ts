/**
 * @file `logger.cfg` (formats §3.2): whether the robot logs, where, how much it may buffer, and which
 * representations each thread logs. `loggablePerThread` of B-Human is not modelled: every thread listed in
 * `representationsPerThread` is logged.
 */
import { defineClass, field, t, type ValueOf } from '../../protocol/types';

/** The representations one thread logs. */
export const RepresentationsPerThread = defineClass('Logger::RepresentationsPerThread', {
  thread: field(t.string, 'Thread name (as in threads.cfg).'),
  representations: field(t.vector(t.string), 'Representations logged in every frame of the thread.'),
});
export type RepresentationsPerThread = ValueOf<typeof RepresentationsPerThread>;

/** The logger's configuration. */
export const LoggerConfig = defineClass('LoggerConfig', {
  enabled: field(t.bool, 'Whether the robot writes a log.', false),
  path: field(t.string, 'Directory of the log files.', 'Logs'),
  numOfBuffers: field(t.int32, 'Frames the ring buffer holds before frames are dropped.', 1200),
  sizeOfBuffer: field(t.int32, 'Largest frame (bytes); larger frames are dropped.', 4_000_000),
  writePriority: field(t.int32, 'Priority of the writer (ignored: the writer uses asynchronous file I/O).', -2),
  minFreeDriveSpace: field(t.int32, 'Logging stops when less than this many MB are free on the drive.', 100),
  representationsPerThread: field(t.vector(RepresentationsPerThread), 'What each thread logs.'),
});
export type LoggerConfig = ValueOf<typeof LoggerConfig>;

/** The representations `thread` logs (empty: the thread is not logged). */
export function representationsToLog(config: LoggerConfig, thread: string): string[] {
  return config.representationsPerThread
    .filter((r) => r.thread === thread)
    .flatMap((r) => r.representations as string[]);
}
