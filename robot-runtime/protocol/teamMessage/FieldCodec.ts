/**
 * @file The contract of one compiled piece of a team message: a member's type, a record or a container.
 */
import type { BitReader, BitWriter } from './bits';

/** What encoding and decoding need besides the value. */
export interface CodecContext {
  /** The message's own time stamp (ms, sender's clock): the base of relative time stamps. */
  readonly base: number;
  /** Converts a decoded remote time stamp to local time (RBS, formats §8.3); identity when absent. */
  readonly toLocal?: (remote: number) => number;
}

/** A uniform random number in [0, 1) (property tests bring a seeded one). */
export type Random = () => number;

/** Encodes and decodes one value of a definition's type. */
export interface FieldCodec {
  /** Fewest bits a value can take (arrays at their lower bound). */
  readonly minBits: number;
  /** Most bits a value can take (arrays at their upper bound). */
  readonly maxBits: number;
  /** Appends `value` (clipped to the declared range). Throws TeamMessageError when it has the wrong shape. */
  write(writer: BitWriter, value: unknown, ctx: CodecContext): void;
  /** Reads one value. Throws TeamMessageError on truncated or out-of-range input. */
  read(reader: BitReader, ctx: CodecContext): unknown;
  /** A random value inside the declared ranges (for property tests). */
  sample(random: Random, ctx: CodecContext): unknown;
  /** Why `decoded` is not what `original` becomes after quantization, or undefined when it is. */
  mismatch(original: unknown, decoded: unknown, ctx: CodecContext): string | undefined;
}
