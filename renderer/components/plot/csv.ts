/**
 * @file Plot data as CSV (one row per x, one column per series).
 */

/** CSV text: header `x,<label>…`, then rows; labels are quoted. */
export function toCsv(
  xLabel: string,
  x: ArrayLike<number>,
  series: readonly { label: string; values: ArrayLike<number> }[],
): string {
  const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;
  const lines = [[quote(xLabel), ...series.map((s) => quote(s.label))].join(',')];
  for (let i = 0; i < x.length; i++)
    lines.push([x[i], ...series.map((s) => (i < s.values.length ? s.values[i] : ''))].join(','));
  return `${lines.join('\n')}\n`;
}
