/**
 * @file The views' benchmark hooks: what `npm run bench` calls in the page (app/host/bench/viewsBench.ts) and
 * what the Field and Plot views install on `globalThis` while they are open. Declared once here, where host and
 * renderer both see it, so the two ends cannot disagree about a result's fields.
 */

/** What the field view's `measure` reports. */
export interface FieldBenchResult {
  /** Animation frames per second while painting a new frame of `primitives` shapes each frame. */
  readonly fieldFps: number;
  /** The same loop painting a blank canvas. */
  readonly blankFps: number;
  /** Milliseconds per painted frame with rasterisation forced (a 1-pixel readback), and for the blank canvas. */
  readonly paintMs: number;
  readonly blankMs: number;
  readonly width: number;
  readonly height: number;
}

/** What the plot view's `measure` reports. */
export interface PlotBenchResult {
  /** Animation frames per second while panning (every frame redraws the chart). */
  readonly panFps: number;
  /** The page's animation-frame rate with nothing drawn. */
  readonly baselineFps: number;
  /**
   * Milliseconds per panned frame with rasterisation forced (a 1-pixel readback); less sensitive to machine load
   * than fps.
   */
  readonly panMs: number;
  readonly points: number;
}

/** The hooks by the global name each is installed under (present only while its view is open). */
export interface BenchHooks {
  /** Paints `primitives` synthetic shapes per frame for `ms` against a blank canvas. */
  readonly __pitchsideFieldBench: { measure(ms: number, primitives: number): Promise<FieldBenchResult> };
  /** Pans `series` × `points` values for `ms` against the page's animation-frame rate. */
  readonly __pitchsidePlotBench: { measure(ms: number, series: number, points: number): Promise<PlotBenchResult> };
}
