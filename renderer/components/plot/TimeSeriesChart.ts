/**
 * @file A time-series chart engine over uPlot, outside React: several coloured series with a legend, axis units,
 * a fixed or automatic y range, and x zoom/pan (drag selects a range, wheel zooms about the pointer,
 * Shift+drag pans, keys: arrows pan, +/− zoom, Home resets). Shared by the plot view and the timing view's
 * stopwatch plot.
 */
import '../../lib/safeLocale';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';

/** One series. */
export interface SeriesDef {
  readonly label: string;
  /** CSS colour. */
  readonly color: string;
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

/** A chart in a container element. */
export class TimeSeriesChart {
  private plot: uPlot | undefined;
  private defs: readonly SeriesDef[] = [];
  private data: uPlot.AlignedData = [[]];
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
    const same = defs.length === this.defs.length && defs.every((d, i) => d.label === this.defs[i]!.label && d.color === this.defs[i]!.color);
    if (same && options.xUnit === this.options.xUnit && options.yUnit === this.options.yUnit && this.plot) return;
    this.defs = defs;
    this.options = options;
    this.build();
  }

  /** Sets the points: one x array and one y array per series (same length). */
  setData(x: ArrayLike<number>, ys: readonly ArrayLike<number>[]): void {
    this.data = [x as number[], ...(ys as (number | null)[][])];
    this.plot?.setData(this.data, false);
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
    const x = this.data[0] as ArrayLike<number>;
    return x.length > 0 ? [x[0]!, x[x.length - 1]!] : [0, 1];
  }

  private applyScales(): void {
    const plot = this.plot;
    if (!plot) return;
    plot.batch(() => {
      const [min, max] = this.visibleX();
      plot.setScale('x', { min, max: max > min ? max : min + 1 });
      if (this.yRange) plot.setScale('y', { min: this.yRange[0], max: this.yRange[1] });
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
      scales: { x: { time: false, auto: false }, y: { auto: () => this.yRange === undefined } },
      axes: [
        { ...axisStyle, label: this.options.xUnit || undefined },
        { ...axisStyle, label: this.options.yUnit || undefined },
      ],
      series: [{ label: this.options.xUnit || 'x' }, ...this.defs.map((d) => ({ label: d.label, stroke: d.color, width: 1, points: { show: false } }))],
      cursor: { drag: { x: true, y: false, setScale: false } },
      hooks: {
        setSelect: [
          (u: uPlot) => {
            // A drag selects an x range to zoom into (uPlot's own scale change is off so the zoom survives new data).
            if (u.select.width > 2) this.xRange = [u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x')];
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            this.applyScales();
          },
        ],
      },
    };
    this.plot = new uPlot(opts, this.data.length === this.defs.length + 1 ? this.data : [this.data[0] ?? [], ...this.defs.map(() => [])], this.container);
    this.applyScales();
  }

  private attachInput(): void {
    const el = this.container;
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, options?: AddEventListenerOptions): void => {
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
