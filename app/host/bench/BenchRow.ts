/** One measured result of `npm run bench`, optionally compared with a baseline measured in the same run. */
export interface BenchRow {
  /** Benchmark group, e.g. "binary codec". */
  group: string;
  /** What was measured. */
  name: string;
  value: number;
  unit: string;
  /** Same-run baseline; the ratio printed is value / baseline.value (for rates higher is better, for times lower). */
  baseline?: { name: string; value: number };
  /** A goal from the issue, e.g. "≥ 0.8". */
  goal?: string;
}

/** Units whose smaller values are better (times); their ratio reads "× the baseline's time". */
const TIME_UNITS = new Set(['ms', 'µs', 'µs/frame', 'ms/frame', 's']);

function fmt(v: number): string {
  if (v >= 100) return v.toFixed(0);
  if (v >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

/** A markdown table of the rows. */
export function formatRows(rows: BenchRow[]): string {
  const lines = [
    '| group | measurement | value | baseline (same run) | ratio | goal |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const base = r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value)} ${r.unit}` : '';
    const ratio = r.baseline ? `${fmt(r.value / r.baseline.value)}×${TIME_UNITS.has(r.unit) ? ' the time' : ''}` : '';
    lines.push(`| ${r.group} | ${r.name} | ${fmt(r.value)} ${r.unit} | ${base} | ${ratio} | ${r.goal ?? ''} |`);
  }
  return lines.join('\n');
}
