/**
 * @file UNIX time for a log's frames. A B-Human log holds no date: FrameInfo.time counts milliseconds since the
 * robot started. The file's modification time is when the recording ended (logs are written as they are
 * recorded and saved at the end), so the first frame happened that long before it as the log's FrameInfo times
 * span. A caller who knows better (`--start <ISO date>`) gives the start itself.
 */
import fs from 'node:fs';
import type { LogFile } from '../LogFile';
import { frameTimeOf } from '../frameTime';

/** Frames searched from either end for a FrameInfo. */
const SEARCH = 500;

/** Where the recording date came from. */
export type TimeSource = 'option' | 'file modification time';

/** The mapping from FrameInfo time (ms since the robot started) to UNIX time (ns). */
export interface TimeBase {
  /** UNIX time of the first frame (ms). */
  startMs: number;
  /** FrameInfo.time of the first frame that has one (ms). */
  firstFrameTime: number;
  /** FrameInfo.time of the last frame that has one (ms). */
  lastFrameTime: number;
  source: TimeSource;
}

function frameTimeNear(file: LogFile, from: number, step: 1 | -1): number | undefined {
  for (let i = from, n = 0; i >= 0 && i < file.frameCount && n < SEARCH; i += step, n++) {
    const t = frameTimeOf(file.readFrame(i), file.typeInfo);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** The time base of `file`; `start` (when given) is the UNIX time of its first frame. */
export function timeBaseOf(file: LogFile, start?: Date): TimeBase {
  const firstFrameTime = frameTimeNear(file, 0, 1) ?? 0;
  const lastFrameTime = Math.max(firstFrameTime, frameTimeNear(file, file.frameCount - 1, -1) ?? firstFrameTime);
  if (start) return { startMs: start.getTime(), firstFrameTime, lastFrameTime, source: 'option' };
  const end = fs.statSync(file.path).mtimeMs;
  return {
    startMs: Math.round(end - (lastFrameTime - firstFrameTime)),
    firstFrameTime,
    lastFrameTime,
    source: 'file modification time',
  };
}

/** UNIX time (ns) of a frame whose FrameInfo.time is `frameTime` (ms). */
export function unixNanos(base: TimeBase, frameTime: number): bigint {
  // Never before 1970 (MCAP times are unsigned): a frame older than the first one with a FrameInfo, or an early --start.
  return BigInt(Math.max(0, Math.round(base.startMs + (frameTime - base.firstFrameTime)))) * 1_000_000n;
}
