/**
 * @file `npm run fuzz [-- --inputs N] [--seed S] [--only <decoder>] [--soak-seconds S]`: the fuzz suite over every
 * decoder (default 3000 mutated inputs each after the crafted ones), then the soak (default 10 minutes). Prints
 * one table row per decoder (the format of docs/reliability.md) and the soak's measurements; exits with 1 when any
 * input or the soak broke a limit.
 */
import { numberOption, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import {
  countedFailures,
  formatReport,
  HEAP_ALLOWANCE,
  HEAP_BYTES_PER_INPUT_BYTE,
  MAX_INPUT_MS,
  prepareFuzzTargets,
  runFuzz,
} from './runFuzz';
import { runSoak } from './soak';
import { FUZZ_TARGETS } from './targets';

/** The usage text. */
export const FUZZ_USAGE = `Usage: npm run fuzz -- [--inputs <n>] [--seed <n>] [--only <decoder>] [--soak-seconds <s>]
  Feeds every decoder crafted and mutated inputs (default 3000 mutated ones each), then soaks a standalone robot
  with hostile clients and packets (default 600 s; 0 skips it). Exits with 1 when an input or the soak broke a
  limit. Decoders: ${FUZZ_TARGETS.map((t) => t.name).join(', ')}.`;

/** What the command line asks for. */
export interface FuzzArgs {
  inputs: number;
  seed: number;
  only?: string;
  soakSeconds: number;
}

/** Parses the arguments after `npm run fuzz --`; throws UsageError or HelpRequested. */
export function parseFuzzArgs(argv: readonly string[]): FuzzArgs {
  const { values } = parseCommandLine(argv, {
    options: {
      inputs: { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string' },
      'soak-seconds': { type: 'string' },
    },
  });
  const count = (n: number) => Number.isInteger(n) && n >= 0;
  const only = values.only;
  if (only !== undefined && !FUZZ_TARGETS.some((t) => t.name.includes(only)))
    throw new UsageError(`--only: no decoder's name contains '${only}'`);
  return {
    inputs: numberOption('inputs', values.inputs, count) ?? 3000,
    seed: numberOption('seed', values.seed, Number.isInteger) ?? Date.now() % 100_000,
    only,
    soakSeconds: numberOption('soak-seconds', values['soak-seconds'], count) ?? 600,
  };
}

/** Runs the suite; resolves with the exit code. */
async function runFuzzCommand({ inputs, seed, only, soakSeconds }: FuzzArgs): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);

  out(
    `fuzz: seed ${seed}, ${inputs} mutated inputs per decoder; limits per input: ${MAX_INPUT_MS} ms, heap growth ${HEAP_BYTES_PER_INPUT_BYTE} × input + ${HEAP_ALLOWANCE / 2 ** 20} MB`,
  );
  out('| decoder | inputs | decoded | expected errors | failures | slowest | largest heap growth |');
  out('| --- | --- | --- | --- | --- | --- | --- |');
  await prepareFuzzTargets(FUZZ_TARGETS, only);
  const reports = runFuzz(FUZZ_TARGETS, {
    inputs,
    seed,
    only,
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
      `soak: the console left ${soak.breaks.count} times for hostile clients to take the link; longest to get it back ${(soak.breaks.longestRegainMs / 1000).toFixed(1)} s (limit ${soak.breaks.limitMs / 1000} s; each: ${soak.breaks.regainsMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s)`,
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
  return failed ? 1 : 0;
}

runAsEntry(import.meta.url, FUZZ_USAGE, (argv) => runFuzzCommand(parseFuzzArgs(argv)));
