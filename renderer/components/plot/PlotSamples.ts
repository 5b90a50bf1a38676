/**
 * @file A chart's full-resolution points: one ascending x column and a min/max pyramid per series. The chart
 * draws a per-pixel-column reduction of them, but legend values, hover points and the data range come from
 * here. Whole replacements cost O(n); appends and dropping the oldest points are amortised O(1) per point.
 */
import { MinMaxPyramid } from './MinMaxPyramid';
import { RecordBuffer } from './RecordBuffer';

/** Points with a shared x; x must not decrease (time). */
export class PlotSamples {
  private readonly xs = new RecordBuffer(1);
  private pyramids: MinMaxPyramid[] = [];

  /** Number of points. */
  get length(): number {
    return this.xs.length;
  }

  /** Number of series. */
  get seriesCount(): number {
    return this.pyramids.length;
  }

  /** x of point `i`. */
  x(i: number): number {
    return this.xs.get(this.xs.first + i);
  }

  /** The pyramid of series `s` (y of point i: `series(s).value(i)`, NaN when missing). */
  series(s: number): MinMaxPyramid {
    return this.pyramids[s]!;
  }

  /** Replaces everything: x and one y array per series, of x's length (null: missing). */
  replace(x: ArrayLike<number>, ys: readonly ArrayLike<number | null>[]): void {
    this.xs.clear();
    // Kept when the series stay, with their storage: a live plot is replaced on every update.
    if (ys.length === this.pyramids.length) for (const p of this.pyramids) p.clear();
    else this.pyramids = ys.map(() => new MinMaxPyramid());
    this.append(x, ys);
  }

  /** Appends points (x continuing the existing ones); with a different number of series it replaces instead. */
  append(x: ArrayLike<number>, ys: readonly ArrayLike<number | null>[]): void {
    if (ys.length !== this.pyramids.length) {
      this.replace(x, ys);
      return;
    }
    const start = this.xs.pushMany(x.length);
    for (let i = 0; i < x.length; i++) this.xs.set(start + i, 0, x[i]!);
    ys.forEach((y, s) => this.pyramids[s]!.pushAll(y.length === x.length ? y : padded(y, x.length)));
  }

  /** Drops the oldest points so that at most `count` remain. */
  keepNewest(count: number): void {
    const drop = this.length - Math.max(0, count);
    if (drop <= 0) return;
    this.xs.dropBefore(this.xs.first + drop);
    for (const p of this.pyramids) p.dropOldest(drop);
  }

  /** The first index whose x is at least `value` (length when none). */
  firstAtOrAfter(value: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.x(mid) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The last index whose x is at most `value` (−1 when none). */
  lastAtOrBefore(value: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.x(mid) <= value) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The index in [from, to] whose x is closest to `value` (the earlier one on a tie), or −1 for an empty range. */
  closest(value: number, from = 0, to = this.length - 1): number {
    from = Math.max(0, from);
    to = Math.min(this.length - 1, to);
    if (to < from) return -1;
    const after = Math.min(to, Math.max(from, this.firstAtOrAfter(value)));
    const before = Math.max(from, after - 1);
    return value - this.x(before) <= this.x(after) - value ? before : after;
  }
}

/** `y` cut or padded with missing values to `length` (a series shorter than x lacks its last points). */
function padded(y: ArrayLike<number | null>, length: number): (number | null)[] {
  return Array.from({ length }, (_, i) => (i < y.length ? y[i]! : null));
}
