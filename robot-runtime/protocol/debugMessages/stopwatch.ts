import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { expectEnd, payloadReader } from './payload';

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

/** Encodes `uint16 k, (uint16 id, string name)×k, uint16 n, (uint16 id, uint32 µs)×n, uint32 start, uint32 frame`. */
export function encodeStopwatch(frame: StopwatchFrame): Uint8Array {
  if (frame.names.length > 0xffff || frame.times.length > 0xffff)
    throw new RangeError('too many stopwatches for a uint16 count');
  const out = new OutBinary(16 + frame.names.length * 24 + frame.times.length * 6);
  out.uint16(frame.names.length);
  for (const n of frame.names) {
    out.uint16(n.watchId);
    out.string(n.name);
  }
  out.uint16(frame.times.length);
  for (const t of frame.times) {
    out.uint16(t.watchId);
    out.uint32(t.micros);
  }
  out.uint32(frame.threadStartTime);
  out.uint32(frame.frameNumber);
  return out.toBytes();
}

/** Decodes an idStopwatch payload; throws StreamError on malformed input. */
export function decodeStopwatch(payload: Uint8Array, baseOffset = 0): StopwatchFrame {
  const inp = payloadReader(payload, baseOffset);
  const countAt = inp.offset;
  const k = inp.uint16();
  if (k * 6 > inp.remaining) throw new StreamError(`stopwatch name count ${k} exceeds the input`, baseOffset + countAt);
  const names: StopwatchName[] = [];
  for (let i = 0; i < k; i++) {
    const watchId = inp.uint16();
    names.push({ watchId, name: inp.string() });
  }
  const timesAt = inp.offset;
  const n = inp.uint16();
  if (n * 6 > inp.remaining) throw new StreamError(`stopwatch count ${n} exceeds the input`, baseOffset + timesAt);
  const times: StopwatchTime[] = [];
  for (let i = 0; i < n; i++) {
    const watchId = inp.uint16();
    times.push({ watchId, micros: inp.uint32() });
  }
  const threadStartTime = inp.uint32();
  const frameNumber = inp.uint32();
  expectEnd(inp, 'stopwatch');
  return { names, times, threadStartTime, frameNumber };
}
