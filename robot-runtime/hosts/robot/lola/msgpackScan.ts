/**
 * @file The little msgpack that LoLA speaks, scanned without building objects: how long a value is, where each
 * sensor value sits in a packet, and the few strings (RobotConfig) worth reading once. Bounded: depth and
 * element counts are checked against the bytes actually present before anything is allocated.
 */

/** A malformed or truncated LoLA packet. */
export class LolaFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LolaFormatError';
  }
}

/** Maximum nesting accepted (LoLA's maps are two levels deep). */
const MAX_DEPTH = 8;

/** Why scanning stopped early: the value continues beyond the bytes available. */
export const INCOMPLETE = -1;

/**
 * The end offset of the msgpack value starting at `pos`, or INCOMPLETE when `bytes` ends before it does.
 * Throws LolaFormatError for type bytes msgpack does not define (0xc1) or nesting beyond MAX_DEPTH.
 */
export function valueEnd(bytes: Uint8Array, pos: number, depth = 0): number {
  if (depth > MAX_DEPTH) throw new LolaFormatError('msgpack nesting too deep');
  if (pos >= bytes.length) return INCOMPLETE;
  const b = bytes[pos]!;
  // Plain branches, no closures: this runs for every value of every packet whose shape is not known yet.
  if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) return need(bytes, pos, 1);
  if ((b & 0xf0) === 0x80) return containerEnd(bytes, pos + 1, 2 * (b & 0x0f), depth);
  if ((b & 0xf0) === 0x90) return containerEnd(bytes, pos + 1, b & 0x0f, depth);
  if ((b & 0xe0) === 0xa0) return need(bytes, pos, 1 + (b & 0x1f));
  switch (b) {
    case 0xcc:
    case 0xd0:
      return need(bytes, pos, 2);
    case 0xcd:
    case 0xd1:
      return need(bytes, pos, 3);
    case 0xca:
    case 0xce:
    case 0xd2:
      return need(bytes, pos, 5);
    case 0xcb:
    case 0xcf:
    case 0xd3:
      return need(bytes, pos, 9);
    case 0xd4:
      return need(bytes, pos, 3);
    case 0xd5:
      return need(bytes, pos, 4);
    case 0xd6:
      return need(bytes, pos, 6);
    case 0xd7:
      return need(bytes, pos, 10);
    case 0xd8:
      return need(bytes, pos, 18);
    case 0xc4:
    case 0xd9:
      return need(bytes, pos, 2) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 2 + bytes[pos + 1]!);
    case 0xc5:
    case 0xda:
      return need(bytes, pos, 3) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 3 + u16(bytes, pos));
    case 0xc6:
    case 0xdb:
      return need(bytes, pos, 5) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 5 + u32(bytes, pos));
    case 0xc7:
      return need(bytes, pos, 2) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 3 + bytes[pos + 1]!);
    case 0xc8:
      return need(bytes, pos, 3) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 4 + u16(bytes, pos));
    case 0xc9:
      return need(bytes, pos, 5) === INCOMPLETE ? INCOMPLETE : need(bytes, pos, 6 + u32(bytes, pos));
    case 0xdc:
      return need(bytes, pos, 3) === INCOMPLETE ? INCOMPLETE : containerEnd(bytes, pos + 3, u16(bytes, pos), depth);
    case 0xdd:
      return need(bytes, pos, 5) === INCOMPLETE ? INCOMPLETE : containerEnd(bytes, pos + 5, u32(bytes, pos), depth);
    case 0xde:
      return need(bytes, pos, 3) === INCOMPLETE ? INCOMPLETE : containerEnd(bytes, pos + 3, 2 * u16(bytes, pos), depth);
    case 0xdf:
      return need(bytes, pos, 5) === INCOMPLETE ? INCOMPLETE : containerEnd(bytes, pos + 5, 2 * u32(bytes, pos), depth);
    default:
      throw new LolaFormatError(`msgpack type byte 0x${b.toString(16)} is not defined`);
  }
}

/** `pos + n` if the bytes reach that far, else INCOMPLETE. */
function need(bytes: Uint8Array, pos: number, n: number): number {
  return pos + n <= bytes.length ? pos + n : INCOMPLETE;
}

function u16(bytes: Uint8Array, pos: number): number {
  return (bytes[pos + 1]! << 8) | bytes[pos + 2]!;
}

function u32(bytes: Uint8Array, pos: number): number {
  return ((bytes[pos + 1]! << 24) >>> 0) + ((bytes[pos + 2]! << 16) | (bytes[pos + 3]! << 8) | bytes[pos + 4]!);
}

/** End of `items` values starting at `start`, or INCOMPLETE. */
function containerEnd(bytes: Uint8Array, start: number, items: number, depth: number): number {
  // Each item takes at least one byte: a count larger than the rest of the buffer cannot be complete yet.
  if (items > bytes.length - start) return INCOMPLETE;
  let p = start;
  for (let i = 0; i < items; i++) {
    p = valueEnd(bytes, p, depth + 1);
    if (p === INCOMPLETE) return INCOMPLETE;
  }
  return p;
}

/** Header of a map or array at `pos`: element count and where the first element starts; undefined for other types. */
export function containerHeader(
  bytes: Uint8Array,
  pos: number,
  kind: 'map' | 'array',
): { count: number; start: number } | undefined {
  const b = bytes[pos];
  if (b === undefined) return undefined;
  if (kind === 'map' && (b & 0xf0) === 0x80) return { count: b & 0x0f, start: pos + 1 };
  if (kind === 'array' && (b & 0xf0) === 0x90) return { count: b & 0x0f, start: pos + 1 };
  if ((kind === 'map' ? 0xde : 0xdc) === b && pos + 3 <= bytes.length)
    return { count: (bytes[pos + 1]! << 8) | bytes[pos + 2]!, start: pos + 3 };
  return undefined;
}

const decoder = new TextDecoder();

/** A fixstr or str8 at `pos` (the key encodings LoLA uses), or undefined. */
export function readString(bytes: Uint8Array, pos: number): { value: string; end: number } | undefined {
  const b = bytes[pos];
  if (b === undefined) return undefined;
  let start: number;
  let length: number;
  if ((b & 0xe0) === 0xa0) [start, length] = [pos + 1, b & 0x1f];
  else if (b === 0xd9 && pos + 1 < bytes.length) [start, length] = [pos + 2, bytes[pos + 1]!];
  else return undefined;
  if (start + length > bytes.length) return undefined;
  return { value: decoder.decode(bytes.subarray(start, start + length)), end: start + length };
}
