/**
 * @file Where each sensor value sits in LoLA's packet. LoLA sends the same map every cycle with only the values
 * changing, so the first packet is scanned once for the offset of every value; later packets are checked
 * cheaply (same length, same type byte at every offset) and read in place. A packet that does not match is
 * scanned again (e.g. after a LoLA update), never misread.
 */
import { containerHeader, LolaFormatError, readString, valueEnd, INCOMPLETE } from './msgpackScan';
import { SENSOR_CATEGORIES, type SensorCategory } from './lolaNames';

/** Where a category starts in the flat sensor vector, in SENSOR_CATEGORIES order. */
export const SENSOR_BASE: Readonly<Record<SensorCategory, number>> = (() => {
  let n = 0;
  const base = {} as Record<SensorCategory, number>;
  for (const [name, size] of Object.entries(SENSOR_CATEGORIES)) {
    base[name as SensorCategory] = n;
    n += size;
  }
  return base;
})();
/** Length of the flat sensor vector. */
export const SENSOR_VECTOR_SIZE = Object.values(SENSOR_CATEGORIES).reduce((a, b) => a + b, 0);

const FLOAT32 = 0xca;

/** The scanned layout of one packet shape. */
export interface SensorLayout {
  /** Packet length in bytes. */
  readonly length: number;
  /** Byte offset of each value's type byte, and its index in the flat sensor vector. */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  /** The type byte found at each offset (0xCA float32, or 0 for a positive fixint). */
  readonly kinds: Uint8Array;
  /** String arrays found (e.g. RobotConfig: body id, body version, head id, head version). */
  readonly strings: Readonly<Record<string, readonly string[]>>;
}

/** Scans a complete packet. Throws LolaFormatError when it is not a map of the accepted encodings. */
export function scanSensorLayout(packet: Uint8Array): SensorLayout {
  const end = valueEnd(packet, 0);
  if (end === INCOMPLETE) throw new LolaFormatError('LoLA packet is truncated');
  const map = containerHeader(packet, 0, 'map');
  if (!map) throw new LolaFormatError('LoLA packet is not a map');
  const offsets: number[] = [];
  const targets: number[] = [];
  const kinds: number[] = [];
  const strings: Record<string, string[]> = {};
  let pos = map.start;
  for (let e = 0; e < map.count; e++) {
    const key = readString(packet, pos);
    if (!key) throw new LolaFormatError(`LoLA map key ${e} is not a string`);
    pos = key.end;
    const valueStop = valueEnd(packet, pos);
    const array = containerHeader(packet, pos, 'array');
    const size = SENSOR_CATEGORIES[key.value as SensorCategory] as number | undefined;
    if (array) {
      let p = array.start;
      for (let i = 0; i < array.count; i++) {
        const b = packet[p]!;
        if (size !== undefined && i < size && (b === FLOAT32 || b <= 0x7f)) {
          offsets.push(p);
          targets.push(SENSOR_BASE[key.value as SensorCategory] + i);
          kinds.push(b === FLOAT32 ? FLOAT32 : 0);
        } else if ((b & 0xe0) === 0xa0 || b === 0xd9) {
          (strings[key.value] ??= []).push(readString(packet, p)?.value ?? '');
        }
        p = valueEnd(packet, p);
      }
    }
    pos = valueStop;
  }
  return {
    length: end,
    offsets: Int32Array.from(offsets),
    targets: Int32Array.from(targets),
    kinds: Uint8Array.from(kinds),
    strings,
  };
}

/** Whether `packet` has the shape `layout` was scanned from (length and every type byte). */
export function matchesLayout(packet: Uint8Array, layout: SensorLayout): boolean {
  if (packet.length !== layout.length) return false;
  const { offsets, kinds } = layout;
  for (let i = 0; i < offsets.length; i++) {
    const b = packet[offsets[i]!]!;
    if (kinds[i] === FLOAT32 ? b !== FLOAT32 : b > 0x7f) return false;
  }
  return true;
}

/** Copies every value of a matching packet into `out` (the flat sensor vector). */
export function readSensors(packet: Uint8Array, layout: SensorLayout, out: Float64Array): void {
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const { offsets, targets, kinds } = layout;
  for (let i = 0; i < offsets.length; i++) {
    const o = offsets[i]!;
    out[targets[i]!] = kinds[i] === FLOAT32 ? view.getFloat32(o + 1, false) : packet[o]!;
  }
}

/** Reads packets of a stream of shapes: scans when the shape changes, patches otherwise. */
export class SensorReader {
  private layout: SensorLayout | undefined;
  /** How many packets needed a full scan. */
  scans = 0;

  /** Reads `packet` into `out`; returns the layout used. Throws LolaFormatError for malformed packets. */
  read(packet: Uint8Array, out: Float64Array): SensorLayout {
    if (!this.layout || !matchesLayout(packet, this.layout)) {
      this.layout = scanSensorLayout(packet);
      this.scans++;
    }
    readSensors(packet, this.layout, out);
    return this.layout;
  }

  /** Whether `packet` has the current shape (the cheap check that lets a stream be cut by length). */
  matches(packet: Uint8Array): boolean {
    return this.layout !== undefined && matchesLayout(packet, this.layout);
  }

  /** Strings of the current shape (RobotConfig). */
  get strings(): Readonly<Record<string, readonly string[]>> {
    return this.layout?.strings ?? {};
  }

  /** Length of the current packet shape (undefined before the first packet). */
  get expectedLength(): number | undefined {
    return this.layout?.length;
  }
}
