/**
 * @file Plot data and plot views (formats §5.3). Every received `idPlot` value is appended to a per-thread,
 * per-plot history whose length is the largest `numOfValues` of all plot views; older points are dropped. A view
 * draws the last `numOfValues` points of each of its layers.
 */

import { Colors } from '@robot-runtime/math/colors';
import { IGNORE_LIMIT, NameCap, type LimitReport } from './NameCap';

/** Plot ids whose values a console keeps per thread. */
export const MAX_PLOTS_PER_THREAD = 1024;

/** An RGB colour of a plot layer. */
export interface PlotColor {
  r: number;
  g: number;
  b: number;
}

/** One curve of a plot view. */
export interface PlotLayer {
  /** The plot id (request `plot:<id>`). */
  readonly plotId: string;
  /** The thread whose values are drawn. */
  readonly thread: string;
  color: PlotColor;
  description: string;
}

/** A plot view (`vp`): its scaling and its layers (`vpd`). */
export interface PlotView {
  readonly name: string;
  numOfValues: number;
  minValue: number;
  maxValue: number;
  yUnit: string;
  xUnit: string;
  xScale: number;
  readonly layers: PlotLayer[];
}

/** What a view shows of one layer: the layer and its last `numOfValues` points (oldest first). */
export interface PlotSeries {
  readonly layer: PlotLayer;
  readonly values: number[];
}

/** The named colours `vpd` accepts (formats §1.4): the robot's named colours, in the order `vpd … ?` lists them. */
export const PLOT_COLORS: Readonly<Record<string, PlotColor>> = Object.fromEntries(
  (
    [
      'white',
      'black',
      'red',
      'green',
      'blue',
      'yellow',
      'cyan',
      'magenta',
      'orange',
      'violet',
      'gray',
      'brown',
    ] as const
  ).map((name) => [name, { r: Colors[name].r, g: Colors[name].g, b: Colors[name].b }]),
);

/** A colour name or `RRGGBB` hex (an optional leading `#` is accepted too), or undefined. */
export function parsePlotColor(text: string): PlotColor | undefined {
  const named = PLOT_COLORS[text.toLowerCase()];
  if (named) return { ...named };
  const hex = /^#?([0-9a-fA-F]{6})$/.exec(text);
  if (!hex) return undefined;
  const v = parseInt(hex[1]!, 16);
  return { r: (v >> 16) & 255, g: (v >> 8) & 255, b: v & 255 };
}

/**
 * The default layer description (formats §1.4): the id itself without `:`, its last component with one or two
 * `:`, everything after the second `:` otherwise.
 */
export function defaultPlotDescription(plotId: string): string {
  const parts = plotId.split(':');
  if (parts.length === 1) return plotId;
  if (parts.length <= 3) return parts[parts.length - 1]!;
  return parts.slice(2).join(':');
}

/** A fixed-capacity ring of numbers (the per-plot history). */
class History {
  private values: number[] = [];
  private start = 0;

  push(value: number, capacity: number): void {
    if (capacity <= 0) return;
    if (this.values.length < capacity) {
      // Grow in order; when the capacity grew after wrapping, linearise first.
      if (this.start !== 0) this.linearise();
      this.values.push(value);
      return;
    }
    if (this.values.length > capacity) this.shrink(capacity);
    this.values[this.start] = value;
    this.start = (this.start + 1) % this.values.length;
  }

  /** The last `n` values, oldest first. */
  last(n: number): number[] {
    const all = this.ordered();
    return n >= all.length ? all : all.slice(all.length - n);
  }

  private ordered(): number[] {
    return this.start === 0
      ? [...this.values]
      : [...this.values.slice(this.start), ...this.values.slice(0, this.start)];
  }
  private linearise(): void {
    this.values = this.ordered();
    this.start = 0;
  }
  private shrink(capacity: number): void {
    this.values = this.ordered().slice(-capacity);
    this.start = 0;
  }
}

/** Plot views and the plot histories of one robot. */
export class PlotStore {
  private readonly views = new Map<string, PlotView>();
  /** thread -> plot id -> history. */
  private readonly histories = new Map<string, Map<string, History>>();
  private readonly cap: NameCap;

  constructor(report: LimitReport = IGNORE_LIMIT) {
    this.cap = new NameCap('plot ids per thread', MAX_PLOTS_PER_THREAD, report);
  }

  /** Points kept per plot: the largest numOfValues of all views (0 without views: nothing is stored). */
  get historyLength(): number {
    let n = 0;
    for (const v of this.views.values()) n = Math.max(n, v.numOfValues);
    return n;
  }

  /** Adds a view or updates its scaling (layers are kept). */
  setView(name: string, scaling: Omit<PlotView, 'name' | 'layers'>): PlotView {
    const existing = this.views.get(name);
    if (existing) {
      Object.assign(existing, scaling);
      return existing;
    }
    const view: PlotView = { name, ...scaling, layers: [] };
    this.views.set(name, view);
    return view;
  }

  /** The view called `name`. */
  view(name: string): PlotView | undefined {
    return this.views.get(name);
  }

  /** All views, by name. */
  allViews(): PlotView[] {
    return [...this.views.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Appends a received value. */
  add(thread: string, plotId: string, value: number): void {
    const capacity = this.historyLength;
    if (capacity === 0) return;
    let byId = this.histories.get(thread);
    if (!byId) this.histories.set(thread, (byId = new Map()));
    let history = byId.get(plotId);
    if (!history) {
      if (!this.cap.admits(byId, plotId)) return;
      byId.set(plotId, (history = new History()));
    }
    history.push(value, capacity);
  }

  /** The last `n` values of one plot of one thread (oldest first). */
  values(thread: string, plotId: string, n = this.historyLength): number[] {
    return this.histories.get(thread)?.get(plotId)?.last(n) ?? [];
  }

  /** What view `name` shows: each layer with its last numOfValues points. */
  series(name: string): PlotSeries[] {
    const view = this.views.get(name);
    if (!view) return [];
    return view.layers.map((layer) => ({ layer, values: this.values(layer.thread, layer.plotId, view.numOfValues) }));
  }

  /** True when some view still has a layer for this plot in this thread (so its request must stay on). */
  isPlotted(plotId: string, thread: string): boolean {
    for (const v of this.views.values())
      if (v.layers.some((l) => l.plotId === plotId && l.thread === thread)) return true;
    return false;
  }
}
