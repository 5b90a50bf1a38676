/**
 * @file A min/max pyramid over one series' values: the extremes of any index range (and where they are) in
 * O(log n), so a chart can show millions of points by drawing only what each pixel column can show, and
 * auto-scale to the visible range without scanning it. Appending and dropping the oldest values are amortised
 * O(1), so a live plot never rebuilds it. Missing values (null, NaN) are skipped.
 */
import { RecordBuffer } from './RecordBuffer';

/** Values per level-0 block: the raw scan at a range's ends is at most this long on each side. */
const LEAF = 8;

/** Fields of a block record. */
const MIN = 0;
const MIN_AT = 1;
const MAX = 2;
const MAX_AT = 3;

/** The extremes of a range; indices are the series' current ones. With no value: min = +∞, max = −∞, indices −1. */
export interface Extremes {
  min: number;
  minAt: number;
  max: number;
  maxAt: number;
}

/** A new, empty result for `MinMaxPyramid.extremes` (reuse it: queries run per pixel column and frame). */
export function noExtremes(): Extremes {
  return { min: Infinity, minAt: -1, max: -Infinity, maxAt: -1 };
}

/** The pyramid of one series. Indices are 0 … length−1, oldest first; dropping values renumbers the rest. */
export class MinMaxPyramid {
  private readonly values = new RecordBuffer(1);
  /** levels[k]: blocks of LEAF·2^k values, block b covering absolute values [b·size, (b+1)·size). */
  private readonly levels: RecordBuffer[] = [];

  /** Number of values. */
  get length(): number {
    return this.values.length;
  }

  /** Value `i` (NaN when missing). */
  value(i: number): number {
    return this.values.storage[this.values.first + i + this.values.shift]!;
  }

  /** Appends one value (null: missing). */
  push(value: number | null): void {
    const at = this.values.push();
    this.values.set(at, 0, value ?? NaN);
    // A value that completes a block completes at most one block per level.
    let block = (at + 1) / LEAF - 1;
    if (!Number.isInteger(block)) return;
    this.buildLeaves(block, block + 1);
    for (let level = 0; block % 2 === 1; level++) {
      block = (block - 1) / 2;
      this.buildParents(level, block, block + 1);
    }
  }

  /** Appends many values; faster than pushing them one by one. */
  pushAll(values: ArrayLike<number | null>): void {
    const start = this.values.pushMany(values.length);
    const raw = this.values.storage;
    const at = start + this.values.shift;
    for (let i = 0; i < values.length; i++) raw[at + i] = values[i] ?? NaN;
    // The block holding the first new value may have been incomplete; later ones are new.
    let from = Math.floor(start / LEAF);
    let to = Math.floor(this.values.end / LEAF);
    this.buildLeaves(from, to);
    // Parents of newly complete blocks: the first may pair with an older sibling.
    for (let level = 0; to > from; level++) {
      from = Math.floor(from / 2);
      to = Math.floor(to / 2);
      this.buildParents(level, from, to);
    }
  }

  /** Drops the `count` oldest values. */
  dropOldest(count: number): void {
    if (count >= this.length) {
      this.clear();
      return;
    }
    const first = this.values.first + count;
    this.values.dropBefore(first);
    // The block holding the first value is partly gone: queries never use it, but its parent may still be built.
    for (let level = 0; level < this.levels.length; level++)
      this.levels[level]!.dropBefore(Math.floor(first / (LEAF << level)));
  }

  /** Removes all values. */
  clear(): void {
    this.values.clear();
    for (const level of this.levels) level.clear();
  }

  /** The extremes of values [from, to) written into `out` (returned). */
  extremes(from: number, to: number, out: Extremes = noExtremes()): Extremes {
    out.min = Infinity;
    out.max = -Infinity;
    out.minAt = out.maxAt = -1;
    const offset = this.values.first;
    const lo = offset + Math.max(0, from);
    const hi = offset + Math.min(to, this.length);
    if (hi - lo < 2 * LEAF) {
      this.scan(lo, hi, out);
    } else {
      // Raw values up to the first and from the last block boundary, then whole blocks bottom-up: at each level
      // an odd block at either end has no partner inside the range and is taken as it is.
      let loBlock = Math.ceil(lo / LEAF);
      let hiBlock = Math.floor(hi / LEAF);
      this.scan(lo, loBlock * LEAF, out);
      this.scan(hiBlock * LEAF, hi, out);
      for (let level = 0; loBlock < hiBlock; level++) {
        const blocks = this.levels[level]!;
        if (loBlock % 2 === 1) this.take(blocks, loBlock++, out);
        if (hiBlock % 2 === 1) this.take(blocks, --hiBlock, out);
        loBlock /= 2;
        hiBlock /= 2;
      }
    }
    if (out.minAt >= 0) out.minAt -= offset;
    if (out.maxAt >= 0) out.maxAt -= offset;
    return out;
  }

  /** Raw values [from, to) (absolute) into `out`; NaN never compares, so missing values are skipped. */
  private scan(from: number, to: number, out: Extremes): void {
    const raw = this.values.storage;
    const shift = this.values.shift;
    let { min, minAt, max, maxAt } = out;
    for (let i = from; i < to; i++) {
      const v = raw[i + shift]!;
      if (v < min) {
        min = v;
        minAt = i;
      }
      if (v > max) {
        max = v;
        maxAt = i;
      }
    }
    out.min = min;
    out.minAt = minAt;
    out.max = max;
    out.maxAt = maxAt;
  }

  private take(blocks: RecordBuffer, block: number, out: Extremes): void {
    const data = blocks.storage;
    const at = block * 4 + blocks.shift;
    const min = data[at + MIN]!;
    const max = data[at + MAX]!;
    if (min < out.min) {
      out.min = min;
      out.minAt = data[at + MIN_AT]!;
    }
    if (max > out.max) {
      out.max = max;
      out.maxAt = data[at + MAX_AT]!;
    }
  }

  private level(k: number): RecordBuffer {
    while (this.levels.length <= k) this.levels.push(new RecordBuffer(4));
    return this.levels[k]!;
  }

  /** Level-0 blocks [from, to) from the raw values. */
  private buildLeaves(from: number, to: number): void {
    if (to <= from) return;
    const blocks = this.level(0);
    const scratch = noExtremes();
    for (let b = from; b < to; b++) {
      scratch.min = Infinity;
      scratch.max = -Infinity;
      scratch.minAt = scratch.maxAt = -1;
      this.scan(b * LEAF, (b + 1) * LEAF, scratch);
      this.write(blocks, b, scratch);
    }
  }

  /** Level-(level+1) blocks [from, to) from their two children at `level`. */
  private buildParents(level: number, from: number, to: number): void {
    if (to <= from) return;
    const children = this.levels[level]!;
    const parents = this.level(level + 1);
    const scratch = noExtremes();
    for (let b = from; b < to; b++) {
      scratch.min = Infinity;
      scratch.max = -Infinity;
      scratch.minAt = scratch.maxAt = -1;
      // A child dropped with the oldest values only belongs to a parent no query uses.
      if (2 * b >= children.first) this.take(children, 2 * b, scratch);
      this.take(children, 2 * b + 1, scratch);
      this.write(parents, b, scratch);
    }
  }

  /** Appends block `b`: blocks complete in order, so it is the level's next one (or its first). */
  private write(blocks: RecordBuffer, b: number, e: Extremes): void {
    if (blocks.length === 0) blocks.clear(b);
    blocks.push();
    blocks.set(b, MIN, e.min);
    blocks.set(b, MIN_AT, e.minAt);
    blocks.set(b, MAX, e.max);
    blocks.set(b, MAX_AT, e.maxAt);
  }
}
