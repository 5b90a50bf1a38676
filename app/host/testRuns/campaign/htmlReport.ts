/**
 * @file A campaign's HTML report, one self-contained file: the campaign (test line, scene, configuration digest,
 * revision), a row per run (variant, seed, outcome, score, falls, simulated and wall seconds, the command that
 * replays it), per variant the pass rate and a histogram of the simulated seconds (inline SVG), and for each
 * variant against the first whether they differ beyond chance (Fisher's exact test on pass/fail, Mann–Whitney on
 * the simulated seconds of the passed runs; p < 0.05).
 */
import type { CampaignResult, CampaignRun } from './campaignRun';
import { fisherExact, mannWhitney } from './statistics';

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Significance level of the comparisons. */
export const ALPHA = 0.05;

/** A histogram of `values` as inline SVG (bins of equal width over [0, max]). */
function histogram(values: readonly number[], max: number, label: string): string {
  const bins = 12;
  const width = 360;
  const height = 120;
  const counts = Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v / (max || 1)) * bins))]!++;
  const top = Math.max(1, ...counts);
  const bar = (width - 40) / bins;
  const bars = counts
    .map((c, i) => {
      const h = (c / top) * (height - 30);
      return `<rect x="${30 + i * bar}" y="${height - 18 - h}" width="${bar - 2}" height="${h}" fill="#3b7dd8"><title>${c} run(s)</title></rect>`;
    })
    .join('');
  return (
    `<svg class="plot" width="${width}" height="${height}" role="img" aria-label="${escape(label)}">` +
    `<line x1="28" y1="${height - 18}" x2="${width - 8}" y2="${height - 18}" stroke="#555"/>${bars}` +
    `<text x="30" y="${height - 4}" font-size="10">0</text>` +
    `<text x="${width - 8}" y="${height - 4}" font-size="10" text-anchor="end">${max.toFixed(1)} s</text>` +
    `<text x="2" y="12" font-size="10">${top}</text></svg>`
  );
}

/** Per-variant summary and comparison rows. */
function variantSection(results: readonly CampaignResult[]): string {
  const names = [...new Set(results.map((r) => r.variant))];
  const of = (name: string) => results.filter((r) => r.variant === name);
  const max = Math.max(0, ...results.map((r) => r.simSeconds));
  const rows = names.map((name) => {
    const rs = of(name);
    const passed = rs.filter((r) => r.outcome === 'passed');
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
    return (
      `<tr><td>${escape(name)}</td><td>${passed.length}/${rs.length}</td>` +
      `<td>${mean(passed.map((r) => r.simSeconds)).toFixed(1)}</td><td>${mean(rs.map((r) => r.falls)).toFixed(2)}</td>` +
      `<td>${mean(rs.map((r) => r.score[0] - r.score[1])).toFixed(2)}</td>` +
      `<td>${histogram(
        rs.map((r) => r.simSeconds),
        max,
        `simulated seconds of ${name}`,
      )}</td></tr>`
    );
  });
  const comparisons = names.slice(1).map((name) => {
    const a = of(names[0]!);
    const b = of(name);
    const pass = (rs: CampaignResult[]) => rs.filter((r) => r.outcome === 'passed').length;
    const pFisher = fisherExact(pass(a), a.length - pass(a), pass(b), b.length - pass(b));
    const seconds = (rs: CampaignResult[]) => rs.filter((r) => r.outcome === 'passed').map((r) => r.simSeconds);
    const mw = mannWhitney(seconds(a), seconds(b));
    const verdict = (p: number | undefined) =>
      p === undefined
        ? 'no passed runs to compare'
        : `${p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`}: ${p < ALPHA ? 'differ beyond chance' : 'within chance'}`;
    return (
      `<tr><td>${escape(names[0]!)} vs ${escape(name)}</td><td class="pass-rate">${escape(verdict(pFisher))}</td>` +
      `<td class="seconds">${escape(verdict(mw?.p))}</td></tr>`
    );
  });
  return (
    '<h2>Variants</h2><table><tr><th>variant</th><th>passed</th><th>mean sim s (passed)</th><th>mean falls</th>' +
    `<th>mean goal difference</th><th>simulated seconds per run</th></tr>${rows.join('')}</table>` +
    (comparisons.length
      ? '<h2>Do the variants differ?</h2><table><tr><th>variants</th><th>pass rate (Fisher)</th>' +
        `<th>sim seconds of passed runs (Mann–Whitney)</th></tr>${comparisons.join('')}</table>`
      : '')
  );
}

/** The report's HTML. `runs` describes the campaign (the first run's scene, digest and revision are shown). */
export function htmlReport(name: string, runs: readonly CampaignRun[], results: readonly CampaignResult[]): string {
  const sorted = [...results].sort((a, b) => a.index - b.index);
  const first = runs[0];
  const passed = results.filter((r) => r.outcome === 'passed').length;
  const rows = sorted
    .map(
      (r) =>
        `<tr class="${r.outcome}"><td>${r.index}</td><td>${escape(r.variant)}</td><td>${r.seed}</td>` +
        `<td>${r.outcome}</td><td>${escape(r.detail)}</td><td>${r.score.join(':')}</td><td>${r.falls}</td>` +
        `<td>${r.simSeconds.toFixed(1)}</td><td>${(r.wallMs / 1000).toFixed(1)}</td>` +
        `<td><code>${escape(r.replay)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(name)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
td, th { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
tr.passed td:nth-child(4) { color: #1a7f37; } tr.failed td:nth-child(4) { color: #b35900; }
tr.error td:nth-child(4) { color: #c00; } code { font-size: 12px; }
</style></head><body>
<h1>${escape(name)}</h1>
<p class="summary">${passed}/${results.length} passed (${runs.length} planned).
Scene <code>${escape(first?.scene ?? '-')}</code>, configuration digest <code>${escape(first?.configDigest ?? '-')}</code>,
revision <code>${escape(first?.revision ?? '-')}</code>, campaign <code>${escape(first?.campaign ?? '-')}</code>.</p>
${variantSection(results)}
<h2>Runs</h2>
<table><tr><th>run</th><th>variant</th><th>seed</th><th>outcome</th><th>detail</th><th>score</th><th>falls</th>
<th>sim s</th><th>wall s</th><th>replay</th></tr>
${rows}
</table></body></html>
`;
}
