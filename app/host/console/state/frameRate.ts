/**
 * @file A thread's frame rate from its stopwatch packets, B-Human's way (formats §5.4). The robot forwards only
 * the newest frame's stopwatch data per packet, so consecutive samples may be several frames apart: the rate is
 * the frame-number gaps over the start-time gaps. Gaps of 100 frames or more, and frame numbers that do not
 * grow (a restarted robot, a sample left over from an earlier connection), are skipped.
 */

/** One stopwatch packet's frame: when the thread started it (ms) and its number. */
export interface FrameStart {
  readonly start: number;
  readonly frame: number;
}

/** Frame gaps at least this large are not averaged over (B-Human's limit). */
export const MAX_FRAME_GAP = 100;

/** Frame rate and the range of per-frame durations over consecutive samples. */
export interface FrameRate {
  /** Frames per second; 0 before two usable samples. */
  readonly frequency: number;
  /** Shortest and longest time per frame between two samples (ms); 0 before two usable samples. */
  readonly minDelta: number;
  readonly maxDelta: number;
}

/** The frame rate over `samples` (oldest first). */
export function frameRate(samples: readonly FrameStart[]): FrameRate {
  let time = 0;
  let frames = 0;
  let minDelta = Infinity;
  let maxDelta = 0;
  for (let i = 1; i < samples.length; i++) {
    const frameGap = samples[i]!.frame - samples[i - 1]!.frame;
    const timeGap = samples[i]!.start - samples[i - 1]!.start;
    if (frameGap <= 0 || frameGap >= MAX_FRAME_GAP || timeGap < 0) continue;
    time += timeGap;
    frames += frameGap;
    minDelta = Math.min(minDelta, timeGap / frameGap);
    maxDelta = Math.max(maxDelta, timeGap / frameGap);
  }
  if (frames === 0 || time <= 0) return { frequency: 0, minDelta: 0, maxDelta: 0 };
  return { frequency: (1000 * frames) / time, minDelta, maxDelta };
}
