/**
 * @file A time-series chart engine over uPlot, outside React: several coloured series with a legend, axis units,
 * a fixed or automatic y range, and x zoom/pan (drag selects a range, wheel zooms about the pointer,
 * Shift+drag pans, keys: arrows pan, +/− zoom, Home resets). Shared by the plot view and the timing view's
 * stopwatch plot.
 *
 * uPlot is handed only a per-pixel-column reduction of the visible points (decimateView), rebuilt whenever the
 * x range, the data or the plot area changes; the full points stay here for the data range, the legend and the
 * hover points. Panning 10 series × 100,000 points thus costs about as much as panning a few thousand.
 */
import '../../lib/safeLocale';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { decimateView, type AlignedColumns, type Viewport } from './decimateView';
import { hoverPointBox, legendValue } from './fullResolutionCursor';
import { PlotSamples } from './PlotSamples';

/** One series. */
export interface SeriesDef {
  readonly label: string;
  /** CSS colour. */
  readonly color: string;
  /** Drawn dashed (a log variant's series beside its original's). */
  readonly dashed?: boolean;
}

/** Chart options. */
export interface ChartOptions {
  readonly xUnit?: string;
  readonly yUnit?: string;
}

/** Share of the visible x range the arrow keys pan. */
const KEY_PAN = 0.1;
/** Zoom factor per wheel notch or key. */
const ZOOM = 1.25;
/** Redraws in a row for a plot area that keeps changing after its own redraw (uPlot's axes converge sooner). */
const MAX_AREA_FIXES = 3;

/** A chart in a container element. */
export class TimeSeriesChart {
  private plot: uPlot | undefined;
  private defs: readonly SeriesDef[] = [];
  private readonly samples = new PlotSamples();
  /** The view the drawn reduction was made for. */
  private drawnFor: Viewport | undefined;
  private areaFixes = 0;
  private yRange: [number, number] | undefined;
  /** The x range the user zoomed to; undefined: everything. */
  private xRange: [number, number] | undefined;
  private readonly resize: ResizeObserver;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly container: HTMLElement,
    private options: ChartOptions = {},
  ) {
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(container);
    this.attachInput();
  }

  /** Sets the series (the chart is rebuilt when labels or colours changed). */
  setSeries(defs: readonly SeriesDef[], options: ChartOptions = this.options): void {
    const same =
      defs.length === this.defs.length &&
      defs.every(
        (d, i) =>
          d.label === this.defs[i]!.label && d.color === this.defs[i]!.color && d.dashed === this.defs[i]!.dashed,
      );
    if (same && options.xUnit === this.options.xUnit && options.yUnit === this.options.yUnit && this.plot) return;
    this.defs = defs;
    this.options = options;
    this.build();
  }

  /** Sets the points: ascending x and one y array per series of the same length (null: no value). O(n). */
  setData(x: ArrayLike<number>, ys: readonly ArrayLike<number | null>[]): void {
    this.samples.replace(x, ys);
    this.applyScales();
  }

  /**
   * Appends points after the existing ones (x continuing in ascending order), keeping at most `keepNewest`
   * points when given: amortised O(1) per point plus one redraw, so batch a frame's samples into one call.
   */
  appendData(x: ArrayLike<number>, ys: readonly ArrayLike<number | null>[], keepNewest?: number): void {
    this.samples.append(x, ys);
    if (keepNewest !== undefined) this.samples.keepNewest(keepNewest);
    this.applyScales();
  }

  /** A fixed y range, or undefined for automatic scaling. */
  setYRange(range: [number, number] | undefined): void {
    this.yRange = range;
    this.applyScales();
  }

  /** Shows all data again. */
  resetZoom(): void {
    this.xRange = undefined;
    this.applyScales();
  }

  /** Moves the visible x range by `fraction` of its width (positive: later). */
  panBy(fraction: number): void {
    const [min, max] = this.visibleX();
    const d = (max - min) * fraction;
    this.xRange = [min + d, max + d];
    this.applyScales();
  }

  /** Zooms the x range about its centre (factor > 1 zooms in). */
  zoom(factor: number, at?: number): void {
    const [min, max] = this.visibleX();
    const c = at ?? (min + max) / 2;
    this.xRange = [c - (c - min) / factor, c + (max - c) / factor];
    this.applyScales();
  }

  /** The chart's SVG-less canvas (for tests and exports). */
  get canvas(): HTMLCanvasElement | undefined {
    return this.plot?.ctx.canvas;
  }

  /** Removes the chart. */
  destroy(): void {
    this.resize.disconnect();
    for (const c of this.cleanup) c();
    this.plot?.destroy();
  }

  private visibleX(): [number, number] {
    if (this.xRange) return this.xRange;
    const n = this.samples.length;
    return n > 0 ? [this.samples.x(0), this.samples.x(n - 1)] : [0, 1];
  }

  /** Hands uPlot the reduction for the current x range and plot area, and the scales (one synchronous draw). */
  private applyScales(): void {
    const plot = this.plot;
    if (!plot) return;
    const [min, visibleMax] = this.visibleX();
    const max = visibleMax > min ? visibleMax : min + 1;
    const view: Viewport = { xMin: min, xMax: max, left: plot.bbox.left, width: plot.bbox.width };
    this.drawnFor = view;
    const data = this.forSeries(decimateView(this.samples, view));
    plot.batch(() => {
      plot.setData(data, false);
      plot.setScale('x', { min, max });
      if (this.yRange) plot.setScale('y', { min: this.yRange[0], max: this.yRange[1] });
    });
  }

  /** The columns with one y array per defined series (data may arrive before or after its series). */
  private forSeries(columns: AlignedColumns): uPlot.AlignedData {
    const [x, ...ys] = columns;
    if (ys.length === this.defs.length) return columns;
    return [x, ...this.defs.map((_, i) => ys[i] ?? new Array<null>(x.length).fill(null))];
  }

  /** After a draw: when uPlot moved or resized the plot area (resize, axis width), reduce again for it. */
  private checkPlotArea(u: uPlot): void {
    const drawn = this.drawnFor;
    if (!drawn || (u.bbox.left === drawn.left && u.bbox.width === drawn.width)) {
      this.areaFixes = 0;
      return;
    }
    if (++this.areaFixes > MAX_AREA_FIXES) return;
    // Still before the browser paints: the wrongly reduced picture is never shown.
    queueMicrotask(() => {
      if (this.plot === u) this.applyScales();
    });
  }

  private size(): { width: number; height: number } {
    const r = this.container.getBoundingClientRect();
    // The legend takes its own height below the plot area.
    return { width: Math.max(50, Math.floor(r.width)), height: Math.max(50, Math.floor(r.height) - 40) };
  }

  private fit(): void {
    this.plot?.setSize(this.size());
  }

  private build(): void {
    this.plot?.destroy();
    const axisStyle = { stroke: '#aaa', grid: { stroke: '#333', width: 1 }, ticks: { stroke: '#444', width: 1 } };
    const opts: uPlot.Options = {
      ...this.size(),
      // x is always set explicitly and must be drawn as given: the reduction is made for exactly that range.
      scales: {
        x: { time: false, auto: false, range: (_u, min, max) => [min, max] },
        y: { auto: () => this.yRange === undefined },
      },
      axes: [
        { ...axisStyle, label: this.options.xUnit || undefined },
        { ...axisStyle, label: this.options.yUnit || undefined },
      ],
      series: [
        { label: this.options.xUnit || 'x', value: legendValue(this.samples) },
        ...this.defs.map((d) => ({
          label: d.label,
          stroke: d.color,
          width: 1,
          ...(d.dashed ? { dash: [6, 4] } : {}),
          points: { show: false },
          value: legendValue(this.samples),
        })),
      ],
      cursor: { drag: { x: true, y: false, setScale: false }, points: { bbox: hoverPointBox(this.samples) } },
      hooks: {
        draw: [(u: uPlot) => this.checkPlotArea(u)],
        setSelect: [
          (u: uPlot) => {
            // A drag selects an x range to zoom into (uPlot's own scale change is off so the zoom survives new data).
            if (u.select.width > 2)
              this.xRange = [u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x')];
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            this.applyScales();
          },
        ],
      },
    };
    this.plot = new uPlot(opts, [[], ...this.defs.map(() => [])], this.container);
    this.applyScales();
  }

  private attachInput(): void {
    const el = this.container;
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ): void => {
      el.addEventListener(type, fn as EventListener, options);
      this.cleanup.push(() => el.removeEventListener(type, fn as EventListener));
    };
    on(
      'wheel',
      (e) => {
        if (!this.plot) return;
        e.preventDefault();
        const left = e.clientX - this.plot.over.getBoundingClientRect().left;
        this.zoom(e.deltaY < 0 ? ZOOM : 1 / ZOOM, this.plot.posToVal(left, 'x'));
      },
      { passive: false },
    );
    let pan: { x: number } | undefined;
    on(
      'pointerdown',
      (e) => {
        if (!e.shiftKey || !this.plot) return;
        e.stopPropagation(); // not a range selection
        pan = { x: e.clientX };
      },
      { capture: true },
    );
    on('pointermove', (e) => {
      if (!pan || !this.plot) return;
      const width = this.plot.over.getBoundingClientRect().width || 1;
      this.panBy(-(e.clientX - pan.x) / width);
      pan = { x: e.clientX };
    });
    on('pointerup', () => (pan = undefined));
    on('keydown', (e) => {
      const handled: Record<string, () => void> = {
        ArrowLeft: () => this.panBy(-KEY_PAN),
        ArrowRight: () => this.panBy(KEY_PAN),
        '+': () => this.zoom(ZOOM),
        PageUp: () => this.zoom(ZOOM),
        '-': () => this.zoom(1 / ZOOM),
        PageDown: () => this.zoom(1 / ZOOM),
        Home: () => this.resetZoom(),
      };
      const fn = handled[e.key];
      if (!fn) return;
      e.preventDefault();
      fn();
    });
    on('dblclick', () => this.resetZoom());
  }
}
