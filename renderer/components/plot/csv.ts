/**
 * @file Plot data as CSV (one row per x, one column per series) and a download of it.
 */

/** CSV text: header `x,<label>…`, then rows; labels are quoted. */
export function toCsv(xLabel: string, x: ArrayLike<number>, series: readonly { label: string; values: ArrayLike<number> }[]): string {
  const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;
  const lines = [[quote(xLabel), ...series.map((s) => quote(s.label))].join(',')];
  for (let i = 0; i < x.length; i++) lines.push([x[i], ...series.map((s) => (i < s.values.length ? s.values[i] : ''))].join(','));
  return `${lines.join('\n')}\n`;
}

/** Offers `text` as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
