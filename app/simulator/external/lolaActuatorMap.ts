/**
 * @file The actuator maps an external robot's program sends (formats §9.3): cut out of the byte stream, bounded
 * in size and nesting before anything is decoded, decoded with @msgpack/msgpack under length limits, and checked
 * key by key. A program may send any subset of LoLA's ten keys (teams that drive no LEDs send only Position and
 * Stiffness); a key with the wrong size or a value that is not a finite number makes the map malformed.
 */
import { decode, DecodeError } from '@msgpack/msgpack';
import { INCOMPLETE, LolaFormatError, valueEnd } from '@robot-runtime/hosts/robot/lola/msgpackScan';
import { ACTUATOR_KEYS } from '@robot-runtime/hosts/robot/lola/lolaNames';

/** Longest actuator map accepted (bytes): LoLA's full map is 1,000 bytes, B-Human's send buffer as large. */
export const MAX_ACTUATOR_MAP_BYTES = 2048;

/** The joint part of an actuator map (LoLA joint order); absent keys were not sent. */
export interface ActuatorValues {
  position?: Float32Array;
  stiffness?: Float32Array;
}

/** A map that cannot be used; `fatal` when the stream cannot be trusted after it (framing, size). */
export class ActuatorMapError extends Error {
  constructor(
    message: string,
    readonly fatal: boolean,
  ) {
    super(message);
    this.name = 'ActuatorMapError';
  }
}

const SIZES = new Map<string, number>(ACTUATOR_KEYS);
const LIMITS = {
  maxStrLength: 32,
  maxArrayLength: 64,
  maxMapLength: 16,
  maxBinLength: 0,
  maxExtLength: 0,
};

/** Decodes and checks one complete map. Throws ActuatorMapError (not fatal) for a map LoLA would not accept. */
export function parseActuatorMap(packet: Uint8Array): ActuatorValues {
  let value: unknown;
  try {
    value = decode(packet, LIMITS);
  } catch (e) {
    if (e instanceof DecodeError || e instanceof RangeError) throw new ActuatorMapError(e.message, false);
    throw e;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array)
    throw new ActuatorMapError('the actuator packet is not a map', false);
  const out: ActuatorValues = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const size = SIZES.get(key);
    if (size === undefined) throw new ActuatorMapError(`unknown actuator key '${key.slice(0, 32)}'`, false);
    if (!Array.isArray(v) || v.length !== size)
      throw new ActuatorMapError(`'${key}' must be an array of ${size} numbers`, false);
    if (!v.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new ActuatorMapError(`'${key}' holds a value that is not a finite number`, false);
    if (key === 'Position') out.position = Float32Array.from(v as number[]);
    else if (key === 'Stiffness') out.stiffness = Float32Array.from(v as number[]);
  }
  return out;
}

/**
 * Cuts complete maps out of a connection's byte stream. Holds at most MAX_ACTUATOR_MAP_BYTES of an incomplete map;
 * beyond that, or for bytes msgpack does not define, it throws a fatal ActuatorMapError.
 */
export class ActuatorStream {
  private pending = new Uint8Array(0);

  /** Appends `chunk`; returns the complete maps in it (raw bytes, in order). */
  push(chunk: Uint8Array): Uint8Array[] {
    const data = this.pending.length ? concat(this.pending, chunk) : chunk;
    const packets: Uint8Array[] = [];
    let pos = 0;
    while (pos < data.length) {
      let end: number;
      try {
        end = valueEnd(data, pos);
      } catch (e) {
        if (e instanceof LolaFormatError) throw new ActuatorMapError(e.message, true);
        throw e;
      }
      if (end === INCOMPLETE) break;
      if (end - pos > MAX_ACTUATOR_MAP_BYTES)
        throw new ActuatorMapError(`an actuator map of ${end - pos} bytes (at most ${MAX_ACTUATOR_MAP_BYTES})`, true);
      packets.push(data.subarray(pos, end));
      pos = end;
    }
    if (data.length - pos > MAX_ACTUATOR_MAP_BYTES)
      throw new ActuatorMapError(`more than ${MAX_ACTUATOR_MAP_BYTES} bytes without a complete actuator map`, true);
    this.pending = pos < data.length ? data.slice(pos) : new Uint8Array(0);
    return packets;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
