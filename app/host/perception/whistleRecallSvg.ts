/**
 * @file The whistle evaluation as an SVG line plot for docs/: recall (%) over SNR (dB), one line per detector,
 * with its false whistles per 10 minutes of noise in the legend.
 */
import type { WhistleEvaluation } from './evaluateWhistles';

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

/** The plot of `results` (all measured on the same SNR bands). */
export function whistleRecallSvg(results: readonly WhistleEvaluation[]): string {
  const w = 640;
  const h = 360;
  const left = 56;
  const right = 230;
  const top = 24;
  const bottom = 44;
  const snrs = results[0]?.bands.map((b) => b.snr) ?? [0];
  const lo = Math.min(...snrs);
  const hi = Math.max(...snrs);
  const x = (snr: number): number => left + ((snr - lo) / (hi - lo || 1)) * (w - left - right);
  const y = (recall: number): number => top + (1 - recall) * (h - top - bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="${w}" height="${h}" fill="white"/>`,
  ];
  for (const r of [0, 0.25, 0.5, 0.75, 0.95, 1]) {
    const dash = r === 0.95 ? ' stroke-dasharray="4 3"' : '';
    parts.push(`<line x1="${left}" x2="${w - right}" y1="${y(r)}" y2="${y(r)}" stroke="#ccc"${dash}/>`);
    parts.push(`<text x="${left - 6}" y="${y(r) + 4}" text-anchor="end">${Math.round(r * 100)} %</text>`);
  }
  for (const s of snrs) parts.push(`<text x="${x(s)}" y="${h - bottom + 16}" text-anchor="middle">${s}</text>`);
  parts.push(`<text x="${(left + w - right) / 2}" y="${h - 8}" text-anchor="middle">SNR (dB)</text>`);
  results.forEach((r, i) => {
    const color = COLORS[i % COLORS.length]!;
    const points = r.bands.map((b) => `${x(b.snr).toFixed(1)},${y(b.recall).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const b of r.bands) parts.push(`<circle cx="${x(b.snr)}" cy="${y(b.recall)}" r="3" fill="${color}"/>`);
    const ly = top + 14 + i * 34;
    parts.push(
      `<line x1="${w - right + 14}" x2="${w - right + 34}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"/>`,
    );
    parts.push(`<text x="${w - right + 40}" y="${ly + 4}">${r.detector}</text>`);
    parts.push(
      `<text x="${w - right + 40}" y="${ly + 18}" fill="#555">${r.falsePer10Minutes.toFixed(2)} false / 10 min</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
