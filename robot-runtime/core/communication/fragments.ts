/**
 * @file The packets of the multicast monitor channel: a message (e.g. one debug message queue) is cut into
 * numbered fragments that fit a datagram; receivers that miss fragments ask for them with a NACK. Little-endian.
 *
 * Data:  u8 type=1 | u8 version | u32 message sequence | u16 fragment index | u16 fragment count | payload
 * NACK:  u8 type=2 | u8 version | u32 message sequence | u16 n | n × u16 missing fragment index
 */

/** Packet type of a data fragment. */
export const FRAGMENT_DATA = 1;
/** Packet type of a negative acknowledgement. */
export const FRAGMENT_NACK = 2;
/** Format version. */
export const FRAGMENT_VERSION = 1;
/** Size of the data fragment header (bytes). */
export const FRAGMENT_HEADER_SIZE = 10;
/** Most fragments one message may have. */
export const MAX_FRAGMENTS = 65535;

/** A decoded data fragment. */
export interface DataFragment {
  readonly type: typeof FRAGMENT_DATA;
  readonly sequence: number;
  readonly index: number;
  readonly count: number;
  readonly payload: Uint8Array;
}

/** A decoded NACK. */
export interface NackPacket {
  readonly type: typeof FRAGMENT_NACK;
  readonly sequence: number;
  readonly missing: readonly number[];
}

/** A data fragment's bytes. */
export function encodeDataFragment(sequence: number, index: number, count: number, payload: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(FRAGMENT_HEADER_SIZE + payload.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = FRAGMENT_DATA;
  bytes[1] = FRAGMENT_VERSION;
  view.setUint32(2, sequence >>> 0, true);
  view.setUint16(6, index, true);
  view.setUint16(8, count, true);
  bytes.set(payload, FRAGMENT_HEADER_SIZE);
  return bytes;
}

/** A NACK's bytes; `missing` is cut to what fits `maxSize`. */
export function encodeNack(sequence: number, missing: readonly number[], maxSize = 1400): Uint8Array {
  const n = Math.min(missing.length, Math.floor((maxSize - 8) / 2), 0xffff);
  const bytes = new Uint8Array(8 + 2 * n);
  const view = new DataView(bytes.buffer);
  bytes[0] = FRAGMENT_NACK;
  bytes[1] = FRAGMENT_VERSION;
  view.setUint32(2, sequence >>> 0, true);
  view.setUint16(6, n, true);
  for (let i = 0; i < n; i++) view.setUint16(8 + 2 * i, missing[i]!, true);
  return bytes;
}

/** Decodes either packet; undefined for anything malformed (wrong type, version, sizes or indices). */
export function decodeFragmentPacket(bytes: Uint8Array): DataFragment | NackPacket | undefined {
  if (bytes.length < 8 || bytes[1] !== FRAGMENT_VERSION) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sequence = view.getUint32(2, true);
  if (bytes[0] === FRAGMENT_DATA) {
    if (bytes.length < FRAGMENT_HEADER_SIZE) return undefined;
    const index = view.getUint16(6, true);
    const count = view.getUint16(8, true);
    if (count === 0 || index >= count) return undefined;
    return { type: FRAGMENT_DATA, sequence, index, count, payload: bytes.subarray(FRAGMENT_HEADER_SIZE) };
  }
  if (bytes[0] === FRAGMENT_NACK) {
    const n = view.getUint16(6, true);
    if (bytes.length !== 8 + 2 * n) return undefined;
    return {
      type: FRAGMENT_NACK,
      sequence,
      missing: Array.from({ length: n }, (_, i) => view.getUint16(8 + 2 * i, true)),
    };
  }
  return undefined;
}
