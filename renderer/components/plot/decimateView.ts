/**
 * @file Level-of-detail for line charts drawn by uPlot: of the points in a visible x range, keep per pixel
 * column only what uPlot draws there from all of them. When points are dense (at least four per pixel), uPlot's
 * linear paths themselves reduce each column to the line in, the vertical extent (minimum to maximum, so spikes
 * survive) and the line out; this does the same reduction, on the same columns, in O(columns · series · log n)
 * with the min/max pyramids instead of O(n · series) per frame. Sparser views are passed through unchanged.
 *
 * The column rule mirrors uPlot 1.6's linear path builder (re-check it when upgrading uPlot); the picture is
 * then pixel for pixel uPlot's own. Missing values are the exception: uPlot starts a series' columns at its first
 * value and clips gaps at rounded positions, while these columns are shared by all series, so the first column
 * after leading missing values and the columns at a gap's borders may be one pixel off.
 */
import { noExtremes } from './MinMaxPyramid';
import type { PlotSamples } from './PlotSamples';

/** The visible x range and where it lies on the canvas (device pixels, as uPlot's `bbox`). */
export interface Viewport {
  readonly xMin: number;
  readonly xMax: number;
  readonly left: number;
  readonly width: number;
}

/** Data aligned the way uPlot takes it: x, then one array per series (null: no value). */
export type AlignedColumns = [Float64Array, ...(number | null)[][]];

/** uPlot reduces a series to pixel columns from this many points per pixel on (its linear path builder's rule). */
const DENSE = 4;
/** Points per column kept as they are; a reduced column has this many: first, two extremes, last. */
const SLOTS = 4;

/**
 * The points uPlot is to draw for `view` so that the picture is the one all points give: the visible points and
 * the nearest one beyond each edge (uPlot draws one past the range, so lines reach the border). Every visible
 * point's minimum and maximum per series is kept, so an auto-scaled y range is the full data's.
 */
export function decimateView(samples: PlotSamples, view: Viewport): AlignedColumns {
  const n = samples.length;
  if (n === 0) return new ColumnWriter(samples, 0).result();
  // uPlot's in-view indices: the closest ones, narrowed into the range when more than two apart.
  let first = samples.closest(view.xMin);
  let last = samples.closest(view.xMax);
  if (last - first > 1) {
    if (samples.x(first) < view.xMin) first++;
    if (samples.x(last) > view.xMax) last--;
  }
  const from = Math.max(0, first - 1);
  const to = Math.min(n - 1, last + 1);
  const span = view.xMax - view.xMin;
  if (to - from < DENSE * view.width || !(view.width >= 1 && span > 0)) {
    const out = new ColumnWriter(samples, Math.max(0, to - from + 1));
    for (let i = from; i <= to; i++) out.point(i, samples.x(i));
    return out.result();
  }
  // Dense: first and last are the first and last visible points. uPlot's position of x on the canvas (valToPos; its pixel is that rounded, for pxAlign 1) and its column
  // rule: a column is drawn at its first point's pixel and takes the following points up to the next pixel.
  const position = (i: number): number => view.left + view.width * ((samples.x(i) - view.xMin) / span);
  // Pixels from one left of the first visible one (the shared first column) to the last: at most width + 3.
  const columns = new Columns(Math.ceil(view.width) + 3);
  let a = first;
  let pixel = Math.round(position(a));
  if (first > 0) {
    // The point beyond the left edge starts the first column; visible points before its next boundary join it.
    const outside = Math.round(position(first - 1));
    if (position(first) < outside + 1) pixel = outside;
  }
  while (a <= last) {
    const b = lastBefore(position, a, last, pixel + 1);
    columns.add(a, b);
    a = b + 1;
    if (a <= last) pixel = Math.round(position(a));
  }
  const beside = (first > 0 ? 1 : 0) + (last + 1 < n ? 1 : 0);
  // uPlot reduces from DENSE points per pixel on, else it draws point by point at rounded positions, not in its
  // columns: keep the reduction above that by repeating the first column's last point (which draws nothing new).
  const padding = Math.max(0, Math.ceil(DENSE * view.width) + 1 - columns.slots - beside);
  const out = new ColumnWriter(samples, columns.slots + padding + beside);
  if (first > 0) out.point(first - 1, samples.x(first - 1));
  out.columns(columns, padding);
  if (last + 1 < n) out.point(last + 1, samples.x(last + 1));
  return out.result();
}

/** Index ranges [start, end] of consecutive pixel columns. */
class Columns {
  count = 0;
  /** Points the columns are written as. */
  slots = 0;
  readonly start: Float64Array;
  readonly end: Float64Array;

  constructor(capacity: number) {
    this.start = new Float64Array(capacity);
    this.end = new Float64Array(capacity);
  }

  add(a: number, b: number): void {
    this.start[this.count] = a;
    this.end[this.count++] = b;
    this.slots += Math.min(SLOTS, b - a + 1);
  }
}

/** The last index in [a, last] whose position is below `bound` (a's is); positions never decrease with the index. */
function lastBefore(position: (i: number) => number, a: number, last: number, bound: number): number {
  // Gallop, then bisect: O(1) for sparse columns, O(log k) for a column of k points.
  let inside = a;
  let step = 1;
  while (inside + step <= last && position(inside + step) < bound) {
    inside += step;
    step *= 2;
  }
  let outside = Math.min(inside + step, last + 1);
  while (outside - inside > 1) {
    const mid = (inside + outside) >>> 1;
    if (position(mid) < bound) inside = mid;
    else outside = mid;
  }
  return inside;
}

/** Appends points to the aligned arrays. */
class ColumnWriter {
  private readonly xs: Float64Array;
  private readonly ys: (number | null)[][];
  private size = 0;
  private readonly extremes = noExtremes();

  constructor(
    private readonly samples: PlotSamples,
    capacity: number,
  ) {
    this.xs = new Float64Array(capacity);
    // Filled, not holey: V8 keeps such arrays in its fast element kind.
    this.ys = Array.from({ length: samples.seriesCount }, () => new Array<number | null>(capacity).fill(null));
  }

  /** Point `i`'s values at `x`. */
  point(i: number, x: number): void {
    const at = this.slot(x);
    for (let s = 0; s < this.ys.length; s++) this.ys[s]![at] = orNull(this.samples.series(s).value(i));
  }

  /**
   * Each column's points: as they are, or more than four as first, extremes in index order, last; the first
   * column's last one repeated `padding` times more. All are put at the column's first x, which starts the
   * column as it does uPlot's, and none shares the right edge's x with others (uPlot's range search would stop
   * at the first of them).
   */
  columns(columns: Columns, padding: number): void {
    const from = this.size;
    for (let c = 0; c < columns.count; c++) {
      const a = columns.start[c]!;
      const x = this.samples.x(a);
      for (let k = Math.min(SLOTS, columns.end[c]! - a + 1) + (c === 0 ? padding : 0); k > 0; k--) this.slot(x);
    }
    // Series by series: each pyramid is then read front to back, not ten of them in turn.
    const e = this.extremes;
    for (let s = 0; s < this.ys.length; s++) {
      const pyramid = this.samples.series(s);
      const y = this.ys[s]!;
      let at = from;
      for (let c = 0; c < columns.count; c++) {
        const a = columns.start[c]!;
        const b = columns.end[c]!;
        if (b - a < SLOTS) {
          for (let i = a; i <= b; i++) y[at++] = orNull(pyramid.value(i));
        } else {
          pyramid.extremes(a, b + 1, e);
          const minFirst = e.minAt <= e.maxAt;
          y[at] = orNull(pyramid.value(a));
          y[at + 1] = e.minAt < 0 ? null : minFirst ? e.min : e.max;
          y[at + 2] = e.maxAt < 0 ? null : minFirst ? e.max : e.min;
          y[at + 3] = orNull(pyramid.value(b));
          at += SLOTS;
        }
        if (c === 0) for (let k = 0; k < padding; k++, at++) y[at] = y[at - 1]!;
      }
    }
  }

  result(): AlignedColumns {
    const size = this.size;
    return [this.xs.subarray(0, size), ...this.ys.map((y) => (y.length === size ? y : y.slice(0, size)))];
  }

  private slot(x: number): number {
    this.xs[this.size] = x;
    return this.size++;
  }
}

function orNull(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}
