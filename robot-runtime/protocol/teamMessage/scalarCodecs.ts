/**
 * @file Codecs of the built-in scalar types of `teamMessage.def` (formats §8.1): Boolean, Integer, Float, Angle,
 * Timestamp and Enum. Values are clipped to their declared range when written, as B-Human does.
 */
import { clamp } from '../../math/scalar';
import { bitLength } from './bits';
import type { CodecContext, FieldCodec } from './FieldCodec';
import { TeamMessageError } from './TeamMessageError';

function asNumber(value: unknown, what: string): number {
  if (typeof value === 'number' && !Number.isNaN(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new TeamMessageError(`${what}: expected a number, got ${typeof value}`);
}

/** One bit. */
export const booleanCodec: FieldCodec = {
  minBits: 1,
  maxBits: 1,
  write: (w, v) => w.write(v ? 1 : 0, 1),
  read: (r) => r.read(1) === 1,
  sample: (random) => random() < 0.5,
  mismatch: (a, b) => (Boolean(a) === b ? undefined : `boolean ${String(a)} decoded as ${String(b)}`),
};

/** An integer stored as `value − min` in the bits its range needs. */
export function rangedIntegerCodec(min: number, max: number): FieldCodec {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min)
    throw new TeamMessageError(`Integer range ${min}..${max} is invalid`);
  const bits = bitLength(max - min);
  if (bits > 32) throw new TeamMessageError(`Integer range ${min}..${max} needs more than 32 bits`);
  return {
    minBits: bits,
    maxBits: bits,
    write: (w, v) => w.write(clamp(Math.round(asNumber(v, 'Integer')), min, max) - min, bits),
    read: (r) => {
      const v = r.read(bits) + min;
      if (v > max) throw new TeamMessageError(`Integer ${v} exceeds its maximum ${max}`);
      return v;
    },
    sample: (random) => min + Math.floor(random() * (max - min + 1)),
    mismatch: (a, b) =>
      clamp(Math.round(asNumber(a, 'Integer')), min, max) === b
        ? undefined
        : `integer ${String(a)} decoded as ${String(b)}`,
  };
}

/** Native integer widths for an Integer without a range (the C++ type's size in B-Human). */
const NATIVE = {
  int8: [8, true],
  uint8: [8, false],
  int16: [16, true],
  uint16: [16, false],
  int32: [32, true],
  uint32: [32, false],
} as const;

/** An integer of a native width (`type` names it; int32 by default). */
export function nativeIntegerCodec(type: string): FieldCodec {
  const spec = NATIVE[type as keyof typeof NATIVE];
  if (!spec) throw new TeamMessageError(`Integer type '${type}' is not one of ${Object.keys(NATIVE).join(', ')}`);
  const [bits, signed] = spec;
  const min = signed ? -(2 ** (bits - 1)) : 0;
  const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  return {
    minBits: bits,
    maxBits: bits,
    write: (w, v) => w.write(clamp(Math.round(asNumber(v, 'Integer')), min, max) >>> 0, bits),
    read: (r) => {
      const u = r.read(bits);
      return signed && u > max ? u - 2 ** bits : u;
    },
    sample: (random) => min + Math.floor(random() * (max - min + 1)),
    mismatch: (a, b) =>
      clamp(Math.round(asNumber(a, 'Integer')), min, max) === b
        ? undefined
        : `integer ${String(a)} decoded as ${String(b)}`,
  };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** A raw 32-bit float (a Float or Angle without `bits`). */
export const rawFloatCodec: FieldCodec = {
  minBits: 32,
  maxBits: 32,
  write: (w, v) => {
    f32[0] = asNumber(v, 'Float');
    w.write(u32[0]!, 32);
  },
  read: (r) => {
    u32[0] = r.read(32);
    return f32[0]!;
  },
  sample: (random) => Math.fround((random() * 2 - 1) * 1e4),
  mismatch: (a, b) =>
    Math.fround(asNumber(a, 'Float')) === b ? undefined : `float ${String(a)} decoded as ${String(b)}`,
};

/**
 * A float in [min, max] quantized to `bits` bits. Values outside the range are clipped, angles too (`angle`
 * only names them in messages): B-Human clamps an angle of 3.5 rad to π rather than normalizing it to −2.78 rad.
 */
export function quantizedFloatCodec(min: number, max: number, bits: number, angle = false): FieldCodec {
  if (!(Number.isFinite(min) && Number.isFinite(max) && max > min))
    throw new TeamMessageError(`Float range ${min}..${max} is invalid`);
  if (!Number.isInteger(bits) || bits < 1 || bits > 31) throw new TeamMessageError(`Float bits ${bits} must be 1..31`);
  const steps = 2 ** bits - 1;
  const prepare = (v: unknown): number => clamp(asNumber(v, angle ? 'Angle' : 'Float'), min, max);
  const quantize = (x: number): number => Math.round(((x - min) / (max - min)) * steps);
  const dequantize = (q: number): number => min + (q / steps) * (max - min);
  return {
    minBits: bits,
    maxBits: bits,
    write: (w, v) => w.write(quantize(prepare(v)), bits),
    read: (r) => dequantize(r.read(bits)),
    sample: (random) => min + random() * (max - min),
    mismatch: (a, b) => {
      const expected = dequantize(quantize(prepare(a)));
      const diff = Math.abs(expected - asNumber(b, 'Float'));
      return diff <= 1e-9 * (max - min)
        ? undefined
        : `${angle ? 'angle' : 'float'} ${String(a)} decoded as ${String(b)} (expected ${expected})`;
    },
  };
}

/** Where a Timestamp is measured from (formats §8.1). */
export type TimestampReference = 'absolute' | 'relativePast' | 'relativeFuture';

/** The decoded value of a "noclip" past time stamp that was too old to store (B-Human's "never"). */
const NEVER_PAST = 0;
/** The decoded value of a "noclip" future time stamp that was too far to store. */
const NEVER_FUTURE = 0xffffffff;

/** A time stamp, absolute (32 bits) or relative to the message's own time stamp. */
export function timestampCodec(
  bits: number,
  shift: number,
  reference: TimestampReference,
  noclip: boolean,
): FieldCodec {
  if (reference === 'absolute') bits = 32;
  if (!Number.isInteger(bits) || bits < 0 || bits > 32)
    throw new TeamMessageError(`Timestamp bits ${bits} must be 0..31`);
  if (!Number.isInteger(shift) || shift < 0 || shift > 31)
    throw new TeamMessageError(`Timestamp shift ${shift} must be 0..31`);
  const top = bits === 0 ? 0 : 2 ** bits - 1;
  const scale = 2 ** shift;
  const future = reference === 'relativeFuture';
  const encode = (t: number, base: number): number => {
    if (reference === 'absolute') return clamp(Math.round(t), 0, NEVER_FUTURE);
    const delta = Math.max(0, future ? t - base : base - t);
    return Math.min(Math.floor(delta / scale), top);
  };
  const decode = (q: number, ctx: CodecContext): number => {
    const toLocal = ctx.toLocal ?? ((x: number) => x);
    if (reference === 'absolute') return q === 0 ? 0 : toLocal(q);
    if (noclip && bits > 0 && q === top) return future ? NEVER_FUTURE : NEVER_PAST;
    const remote = future ? ctx.base + q * scale : Math.max(0, ctx.base - q * scale);
    return remote === 0 ? 0 : toLocal(remote);
  };
  return {
    minBits: bits,
    maxBits: bits,
    write: (w, v, ctx) => w.write(encode(asNumber(v, 'Timestamp'), ctx.base), bits),
    read: (r, ctx) => decode(r.read(bits), ctx),
    sample: (random, ctx) => {
      if (reference === 'absolute') return Math.floor(random() * NEVER_FUTURE);
      // Values that fit without clipping, plus "never" when the all-ones value means it.
      const usable = noclip ? top - 1 : top;
      if (noclip && random() < 0.1) return future ? NEVER_FUTURE : NEVER_PAST;
      const delta = Math.floor(random() * (usable + 1)) * scale + Math.floor(random() * scale);
      return future ? ctx.base + delta : Math.max(1, ctx.base - delta);
    },
    mismatch: (a, b, ctx) => {
      const expected = decode(encode(asNumber(a, 'Timestamp'), ctx.base), ctx);
      return expected === b ? undefined : `timestamp ${String(a)} decoded as ${String(b)} (expected ${expected})`;
    },
  };
}

/** An enum constant (its index) in the fewest bits for `count` constants, or 8 bits when uncompressed. */
export function enumCodec(name: string, count: number, uncompressed: boolean): FieldCodec {
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new TeamMessageError(`Enum ${name} has ${count} constants; 1..256 are supported`);
  const bits = uncompressed ? 8 : bitLength(count - 1);
  return {
    minBits: bits,
    maxBits: bits,
    write: (w, v) => w.write(clamp(Math.round(asNumber(v, `Enum ${name}`)), 0, count - 1), bits),
    read: (r) => {
      const v = r.read(bits);
      if (v >= count) throw new TeamMessageError(`Enum ${name}: constant ${v} does not exist`);
      return v;
    },
    sample: (random) => Math.floor(random() * count),
    mismatch: (a, b) =>
      clamp(Math.round(asNumber(a, `Enum ${name}`)), 0, count - 1) === b
        ? undefined
        : `enum ${name} ${String(a)} decoded as ${String(b)}`,
  };
}
