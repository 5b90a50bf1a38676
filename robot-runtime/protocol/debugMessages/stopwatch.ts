import { recordList, recordPayload, wire } from './recordPayload';

/** A stopwatch name and the uint16 id its measurements use. */
export interface StopwatchName {
  watchId: number;
  name: string;
}

/** One measurement of a frame. */
export interface StopwatchTime {
  watchId: number;
  micros: number;
}

/**
 * Payload of idStopwatch (formats §5.4): a few names (B-Human sends 3 per frame, round-robin, so a receiver learns
 * all names over time), every watch's time of this frame, the thread start time (ms) and the frame number.
 */
export interface StopwatchFrame {
  names: StopwatchName[];
  times: StopwatchTime[];
  threadStartTime: number;
  frameNumber: number;
}

const stopwatch = recordPayload<StopwatchFrame>('stopwatch', {
  names: recordList<StopwatchName>('uint16', 'stopwatch name', { watchId: wire.uint16, name: wire.string }),
  times: recordList<StopwatchTime>('uint16', 'stopwatch', { watchId: wire.uint16, micros: wire.uint32 }),
  threadStartTime: wire.uint32,
  frameNumber: wire.uint32,
});

/** Encodes `uint16 k, (uint16 id, string name)×k, uint16 n, (uint16 id, uint32 µs)×n, uint32 start, uint32 frame`. */
export const encodeStopwatch = stopwatch.encode;

/** Decodes an idStopwatch payload; throws StreamError on malformed input. */
export const decodeStopwatch = stopwatch.decode;
