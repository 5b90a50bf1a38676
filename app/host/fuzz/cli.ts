/**
 * @file `npm run fuzz [-- --inputs N] [--seed S] [--only <decoder>] [--soak-seconds S]`: the fuzz suite over every
 * decoder (default 3000 mutated inputs each after the crafted ones), then the soak (default 10 minutes). Prints
 * one table row per decoder (the format of docs/reliability.md) and the soak's measurements; exits with 1 when any
 * input or the soak broke a limit.
 */
import { parseArgs } from 'node:util';
import {
  countedFailures,
  formatReport,
  HEAP_ALLOWANCE,
  HEAP_BYTES_PER_INPUT_BYTE,
  MAX_INPUT_MS,
  runFuzz,
} from './runFuzz';
import { runSoak } from './soak';
import { FUZZ_TARGETS } from './targets';

const { values } = parseArgs({
  options: {
    inputs: { type: 'string' },
    seed: { type: 'string' },
    only: { type: 'string' },
    'soak-seconds': { type: 'string' },
  },
});
const inputs = Number(values.inputs ?? 3000);
const seed = Number(values.seed ?? Date.now() % 100_000);
const soakSeconds = Number(values['soak-seconds'] ?? 600);
const out = (line: string) => process.stdout.write(`${line}\n`);

out(
  `fuzz: seed ${seed}, ${inputs} mutated inputs per decoder; limits per input: ${MAX_INPUT_MS} ms, heap growth ${HEAP_BYTES_PER_INPUT_BYTE} × input + ${HEAP_ALLOWANCE / 2 ** 20} MB`,
);
out('| decoder | inputs | decoded | expected errors | failures | slowest | largest heap growth |');
out('| --- | --- | --- | --- | --- | --- | --- |');
const reports = runFuzz(FUZZ_TARGETS, {
  inputs,
  seed,
  only: values.only,
  progress: (report) => {
    out(formatReport(report));
    for (const f of report.failures.slice(0, 5))
      out(`    input ${f.input} (seed ${f.seed}, ${f.bytes} bytes): ${f.outcome}: ${f.detail}`);
  },
});
let failed = countedFailures(reports).length > 0;
if (soakSeconds > 0) {
  out(`soak: ${soakSeconds} s of hostile clients and packets against a standalone robot on loopback`);
  const soak = await runSoak({ durationMs: soakSeconds * 1000, log: out });
  out(
    `soak: robot memory ${(soak.rss.start / 2 ** 20).toFixed(0)} MB after start, at most ${(soak.rss.max / 2 ** 20).toFixed(0)} MB (ceiling ${(soak.memoryCeilingBytes / 2 ** 20).toFixed(0)} MB), ${(soak.rss.end / 2 ** 20).toFixed(0)} MB at the end`,
  );
  out(
    `soak: polls answered ${soak.polls.answered}/${soak.polls.sent}, slowest ${soak.polls.maxMs.toFixed(0)} ms (limit ${soak.polls.limitMs} ms)`,
  );
  out(
    `soak: the console left ${soak.breaks.count} times for hostile clients to take the link; longest to get it back ${(soak.breaks.longestRegainMs / 1000).toFixed(1)} s (limit ${soak.breaks.limitMs / 1000} s)`,
  );
  for (const [phase, m] of [
    ['without hostile input', soak.motionBaseline],
    ['under hostile load', soak.motion],
  ] as const) {
    out(
      `soak: Motion ${phase}: ${m.frames} frames (${m.unseen} dropped on the way, not measured), period ${m.periodMs} ms, longest gap ${m.maxGapMs} ms (limit ${m.limitMs} ms), ${m.gapsOverLimit} over`,
    );
  }
  out(
    `soak: hostile: ${Object.entries(soak.hostile)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const v of soak.violations) out(`soak: VIOLATION: ${v}`);
  failed ||= soak.violations.length > 0;
}
process.exit(failed ? 1 : 0);
