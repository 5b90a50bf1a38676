import type { InBinary } from './InBinary';
import type { OutBinary } from './OutBinary';

/**
 * Reads and writes values of one type in B-Human's binary encoding. Codecs are compiled once per type into
 * closures, so the per-value work never re-examines the type's description.
 */
export interface Codec<V = unknown> {
  /** The TypeInfo name of the type (used in error messages). */
  readonly typeName: string;
  /** Encoded size in bytes when every value has the same size, otherwise -1. */
  readonly fixedSize: number;
  /** Smallest possible encoded size; bounds element counts before anything is allocated. */
  readonly minSize: number;
  /** Appends `value`; throws ValueError when `value` does not fit the type. */
  write(out: OutBinary, value: V): void;
  /** Reads a fresh value; throws StreamError on truncated or malformed input. */
  read(inp: InBinary): V;
  /**
   * Reads a value reusing `target`'s objects and arrays where possible (object identity is kept for classes,
   * arrays and adapted values whose JS form is an array or object). Returns the value to store, which is
   * `target` itself whenever it could be reused.
   */
  readInto(inp: InBinary, target: V): V;
  /** Moves past one value, validating it as `read` would, without building it. */
  skip(inp: InBinary): void;
  /** The exact number of bytes `write` appends for `value`. */
  sizeOf(value: V): number;
  /** Fixed-size codecs only: reads at `offset` without bounds checks (the caller has checked them). */
  getAt?(view: DataView, bytes: Uint8Array, offset: number): V;
  /** Fixed-size codecs only: writes at `offset` without bounds checks (the caller has reserved the room). */
  putAt?(view: DataView, bytes: Uint8Array, offset: number, value: V): void;
}

/** A codec whose values all have the same size, with unchecked accessors for bulk reads and writes. */
export interface FixedCodec<V = unknown> extends Codec<V> {
  getAt(view: DataView, bytes: Uint8Array, offset: number): V;
  putAt(view: DataView, bytes: Uint8Array, offset: number, value: V): void;
}

/** Whether `codec` has a fixed size and the unchecked accessors that come with it. */
export function isFixed<V>(codec: Codec<V>): codec is FixedCodec<V> {
  return codec.fixedSize >= 0 && codec.getAt !== undefined && codec.putAt !== undefined;
}
