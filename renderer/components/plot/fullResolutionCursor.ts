/**
 * @file What the cursor reports while the chart draws a per-pixel reduction of its points: legend values and
 * hover points come from the full-resolution point nearest to the cursor's x among the visible ones, as uPlot
 * picks it when it is given every point (the reduction's points would show a column's extremes instead).
 */
import '../../lib/safeLocale';
import uPlot from 'uplot';
import type { PlotSamples } from './PlotSamples';

/** uPlot's legend text without a cursor. */
const NO_CURSOR = '--';
/** uPlot's hover point diameter for 1-px lines (CSS pixels), when the series does not say. */
const DEFAULT_POINT_SIZE = 5;

/** The full-resolution index under the cursor (the nearest visible point by x), or −1 without a cursor. */
export function cursorIndex(u: uPlot, samples: PlotSamples): number {
  const left = u.cursor.left ?? -1;
  if (left < 0 || samples.length === 0) return -1;
  const x = u.posToVal(left, 'x');
  const scale = u.scales.x;
  const from = samples.firstAtOrAfter(scale?.min ?? -Infinity);
  const to = samples.lastAtOrBefore(scale?.max ?? Infinity);
  return to >= from ? samples.closest(x, from, to) : samples.closest(x);
}

/** A legend value formatter reading the full data; series 0 is x. */
export function legendValue(samples: PlotSamples): uPlot.Series.Value {
  return (u, _drawnValue, seriesIdx, drawnIdx) => {
    if (drawnIdx === null) return NO_CURSOR;
    const i = cursorIndex(u, samples);
    if (i < 0 || seriesIdx > samples.seriesCount) return NO_CURSOR;
    const v = seriesIdx === 0 ? samples.x(i) : samples.series(seriesIdx - 1).value(i);
    return Number.isNaN(v) ? '' : uPlot.fmtNum(v);
  };
}

/** Hover point boxes (CSS pixels) around the full-resolution point under the cursor; off the plot without one. */
export function hoverPointBox(samples: PlotSamples): uPlot.Cursor.Points.BBox {
  return (u, seriesIdx) => {
    const points = u.series[seriesIdx]?.points;
    const size = typeof points?.size === 'number' ? points.size : DEFAULT_POINT_SIZE;
    const hidden = { left: -10 - size, top: -10 - size, width: size, height: size };
    const i = cursorIndex(u, samples);
    if (i < 0 || seriesIdx < 1 || seriesIdx > samples.seriesCount) return hidden;
    const y = samples.series(seriesIdx - 1).value(i);
    if (Number.isNaN(y)) return hidden;
    const left = u.valToPos(samples.x(i), 'x') - size / 2;
    const top = u.valToPos(y, u.series[seriesIdx]?.scale ?? 'y') - size / 2;
    return { left, top, width: size, height: size };
  };
}
