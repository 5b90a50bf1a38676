/**
 * @file A plot view's layers as chart data (formats §5.3): each layer holds its last numOfValues points, newest
 * last; layers of different lengths are aligned at their newest point, x is the point index times xScale.
 */
import type { PlotData } from '@app/ipc/messages';

/** Chart-ready data. */
export interface ChartData {
  readonly x: Float64Array;
  readonly ys: (number | null)[][];
  readonly labels: string[];
  readonly colors: string[];
  /** Whether each series is a log variant's (drawn dashed). */
  readonly dashed: boolean[];
}

/**
 * Converts a plot item; with `variant` (a log variant's item of the same plot view) its layers follow the
 * original's, labelled as the variant's and dashed, aligned at their newest points as layers are.
 */
export function chartData(item: PlotData, variant?: PlotData): ChartData {
  if (variant) {
    const merged = {
      ...item,
      series: [...item.series, ...variant.series.map((s) => ({ ...s, description: `${s.description} (variant)` }))],
    };
    return { ...chartData(merged), dashed: merged.series.map((_, i) => i >= item.series.length) };
  }
  const n = item.series.reduce((m, s) => Math.max(m, s.values.length), 0);
  const xScale = item.xScale || 1;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = i * xScale;
  const ys = item.series.map((s) => {
    const pad = n - s.values.length;
    const y: (number | null)[] = new Array(n);
    for (let i = 0; i < n; i++) y[i] = i < pad ? null : s.values[i - pad]!;
    return y;
  });
  return {
    x,
    ys,
    labels: item.series.map((s) => s.description),
    colors: item.series.map((s) => s.color),
    dashed: item.series.map(() => false),
  };
}

/** Colours offered for new layers, in order (names `vpd` accepts). */
export const LAYER_COLORS = [
  'red',
  'blue',
  'green',
  'orange',
  'magenta',
  'cyan',
  'violet',
  'brown',
  'black',
  'gray',
  'yellow',
];
