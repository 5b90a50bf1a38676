/**
 * @file The packet sent to LoLA every Motion frame: a fixmap of ten float arrays (formats §9.3), built once as a
 * template; each frame only overwrites the big-endian float32 values in place.
 */
import { ACTUATOR_KEYS, type ActuatorKey } from './lolaNames';

/** Where each key's values start in the flat actuator vector, in ACTUATOR_KEYS order. */
export const ACTUATOR_BASE: Readonly<Record<ActuatorKey, number>> = (() => {
  let n = 0;
  const base = {} as Record<ActuatorKey, number>;
  for (const [key, size] of ACTUATOR_KEYS) {
    base[key] = n;
    n += size;
  }
  return base;
})();
/** Length of the flat actuator vector. */
export const ACTUATOR_VECTOR_SIZE = ACTUATOR_KEYS.reduce((n, [, size]) => n + size, 0);

const encoder = new TextEncoder();

/** The template and the byte offset of every value. */
export class ActuatorPacket {
  /** The packet; valid to send at any time. */
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  /** Byte offset of each value's 4 float bytes, in flat vector order. */
  private readonly offsets: Int32Array;

  constructor() {
    const parts: number[] = [0x80 | ACTUATOR_KEYS.length];
    const offsets: number[] = [];
    for (const [key, size] of ACTUATOR_KEYS) {
      const name = encoder.encode(key);
      parts.push(0xa0 | name.length, ...name);
      // fixarray holds up to 15 elements; the joint and eye arrays need array16.
      if (size <= 15) parts.push(0x90 | size);
      else parts.push(0xdc, size >> 8, size & 0xff);
      for (let i = 0; i < size; i++) {
        parts.push(0xca);
        offsets.push(parts.length);
        parts.push(0, 0, 0, 0);
      }
    }
    this.bytes = Uint8Array.from(parts);
    this.view = new DataView(this.bytes.buffer);
    this.offsets = Int32Array.from(offsets);
  }

  /** Writes the whole flat actuator vector. */
  setAll(values: ArrayLike<number>): void {
    const n = Math.min(values.length, this.offsets.length);
    for (let i = 0; i < n; i++) this.view.setFloat32(this.offsets[i]!, values[i]!, false);
  }

  /** Writes one value of `key`. */
  set(key: ActuatorKey, index: number, value: number): void {
    this.view.setFloat32(this.offsets[ACTUATOR_BASE[key] + index]!, value, false);
  }
}
