/**
 * @file Whether two variants of a campaign differ beyond chance: Fisher's exact test on the pass/fail counts
 * (exact for the small samples campaigns have) and the Mann–Whitney U test on a measure such as the simulated
 * seconds to the target (no assumption of normality; normal approximation with the tie correction). Both
 * two-sided. simple-statistics, the well-kept npm package, has no Fisher's exact test and no rank-sum p-value, and
 * both tests are a few lines over log-factorials (docs/decisions.md).
 */

/** ln(n!) for whole n ≥ 0. */
function logFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log(i);
  return sum;
}

/**
 * Two-sided p-value of Fisher's exact test for the table [[a, b], [c, d]] (rows: variants; columns: passed,
 * failed): the probability, with the margins fixed, of a table at most as likely as the one seen.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const n = a + b + c + d;
  const row1 = a + b;
  const col1 = a + c;
  const logP = (x: number) =>
    logFactorial(row1) +
    logFactorial(n - row1) +
    logFactorial(col1) +
    logFactorial(n - col1) -
    logFactorial(n) -
    logFactorial(x) -
    logFactorial(row1 - x) -
    logFactorial(col1 - x) -
    logFactorial(n - row1 - col1 + x);
  const seen = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - n); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    // A relative tolerance, so that tables as likely as the one seen count despite rounding.
    if (lp <= seen + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

/** The standard normal distribution's upper tail, P(Z > z) (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
function normalTail(z: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-((z * z) / 2));
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The Mann–Whitney U test of two samples: U of the first and the two-sided p-value; undefined for an empty one. */
export function mannWhitney(x: readonly number[], y: readonly number[]): { u: number; p: number } | undefined {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) return undefined;
  const all = [...x.map((v) => ({ v, first: true })), ...y.map((v) => ({ v, first: false }))].sort((a, b) => a.v - b.v);
  let rankSum = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.v === all[i]!.v) j++;
    const rank = (i + j + 1) / 2;
    const ties = j - i;
    tieTerm += ties ** 3 - ties;
    for (let k = i; k < j; k++) if (all[k]!.first) rankSum += rank;
    i = j;
  }
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, p: 1 };
  const z = (Math.abs(u - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return { u, p: Math.min(1, 2 * normalTail(Math.max(0, z))) };
}
