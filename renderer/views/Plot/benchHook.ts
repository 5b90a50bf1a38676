/**
 * @file The plot view's benchmark hook: while a plot view is open, `window.__pitchsidePlotBench.measure()` loads
 * S series × N points into the view's chart and pans it every animation frame, against a same-page baseline
 * (the animation-frame rate with nothing drawn), then times panned frames with rasterisation forced. Used by
 * `npm run bench`; it touches nothing until called.
 */
import type { BenchHooks, PlotBenchResult } from '@app/ipc/benchHooks';
import type { TimeSeriesChart } from '../../components/plot/TimeSeriesChart';
import { rafLoop, timePerStep } from '../../lib/frameTiming';

/** Frames timed for `panMs`. */
const TIMED_FRAMES = 60;

/** Installs the hook for `chart`; `busy` is set while measuring (the view then ignores robot data). */
export function installPlotBench(chart: TimeSeriesChart, busy: { current: boolean }): () => void {
  const hook: BenchHooks['__pitchsidePlotBench'] = {
    async measure(ms: number, series: number, points: number): Promise<PlotBenchResult> {
      busy.current = true;
      try {
        const x = new Float64Array(points);
        for (let i = 0; i < points; i++) x[i] = i;
        const ys = Array.from({ length: series }, (_, s) => {
          const y = new Float64Array(points);
          for (let i = 0; i < points; i++) y[i] = Math.sin(i / (500 + 50 * s)) * 1000 + s * 100 + ((i * 7919) % 97);
          return y;
        });
        chart.setSeries(
          ys.map((_, s) => ({ label: `series ${s}`, color: `hsl(${(s * 36) % 360} 80% 55%)` })),
          { xUnit: 'frame', yUnit: 'mm' },
        );
        chart.setData(x, ys);
        chart.setYRange(undefined);
        const baselineFps = await rafLoop(ms, () => undefined);
        // Pan back and forth over the data with (almost) all of it visible: every frame redraws all points.
        chart.resetZoom();
        chart.zoom(1.05);
        let direction = 1;
        let steps = 0;
        const pan = (): void => {
          if (++steps % 40 === 0) direction = -direction;
          // The chart redraws synchronously on a scale change, inside this frame.
          chart.panBy(0.001 * direction);
        };
        const panFps = await rafLoop(ms, pan);
        const ctx = chart.canvas?.getContext('2d');
        const panMs = timePerStep(TIMED_FRAMES, pan, () => void ctx?.getImageData(0, 0, 1, 1));
        return { panFps, baselineFps, panMs, points: series * points };
      } finally {
        busy.current = false;
      }
    },
  };
  const g = globalThis as { __pitchsidePlotBench?: BenchHooks['__pitchsidePlotBench'] };
  g.__pitchsidePlotBench = hook;
  return () => {
    if (g.__pitchsidePlotBench === hook) delete g.__pitchsidePlotBench;
  };
}
