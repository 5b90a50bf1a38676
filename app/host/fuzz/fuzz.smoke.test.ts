import { describe, expect, it } from 'vitest';
import { countedFailures, prepareFuzzTargets, runFuzz } from './runFuzz';
import { runSoak } from './soak';
import { FUZZ_TARGETS } from './targets';

/**
 * A short run of `npm run fuzz`: every decoder's crafted inputs and a few dozen mutations, then the soak for 12 s.
 * The full run (thousands of inputs per decoder, ten minutes of soak) is `npm run fuzz`; docs/reliability.md has
 * its results. Timing limits here are loose on purpose: this must pass on a loaded two-core machine.
 */
describe('fuzz smoke', () => {
  it('every decoder survives its crafted inputs and random mutations within the limits', async () => {
    await prepareFuzzTargets(FUZZ_TARGETS);
    // No time limit per input: under load a decode took 3.8 s of wall time; `npm run fuzz` keeps MAX_INPUT_MS.
    const reports = runFuzz(FUZZ_TARGETS, { inputs: 40, seed: 1, maxInputMs: Infinity });
    expect(reports.map((r) => r.target)).toEqual(FUZZ_TARGETS.map((t) => t.name));
    expect(countedFailures(reports)).toEqual([]);
    for (const r of reports) expect(r.inputs, r.target).toBeGreaterThan(40);
  });

  it('a robot under hostile clients and packets for 12 s stays bounded and keeps answering its console', async () => {
    const report = await runSoak({
      durationMs: 12_000,
      baselineMs: 3000,
      maxPollMs: 10_000,
      consoleBreakEveryMs: 5000,
      maxRegainMs: 30_000,
    });
    const violations = report.violations.join('\n');
    expect(report.robotExited, violations).toBe(false);
    expect(report.rss.max).toBeLessThan(report.memoryCeilingBytes);
    expect(report.polls.sent).toBeGreaterThanOrEqual(3); // one a second while the console holds the link
    expect(report.polls.answered).toBeGreaterThanOrEqual(report.polls.sent - 1);
    expect(report.polls.maxMs, violations).toBeLessThan(10_000);
    // The console left twice, hostile clients took the link, and the console won it back.
    expect(report.breaks.count).toBeGreaterThanOrEqual(1);
    expect(report.breaks.longestRegainMs, violations).toBeLessThan(report.breaks.limitMs);
    // Motion keeps running under the load (its strict 50 % deadline is the full soak's, see docs/reliability.md).
    expect(report.motion.frames, violations).toBeGreaterThan(100); // while the console held the link
    expect(Object.values(report.hostile).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
  });
});
