/**
 * @file The fuzz runner: feeds each target its crafted inputs, then mutated seeds, and checks every single input
 * against the three limits: only the target's documented error types may escape, one input may take at most
 * MAX_INPUT_MS, and the heap may grow by at most HEAP_BYTES_PER_INPUT_BYTE per input byte plus HEAP_ALLOWANCE
 * while the result is still held (a decode must not build more than its input can describe).
 */
import { mutate, seededRandom } from './mutate';
import type { FuzzTarget } from './FuzzTarget';
import { ALWAYS_UNEXPECTED } from './targets';

/** Longest one input may take (ms). */
export const MAX_INPUT_MS = 2000;
/**
 * Heap bytes one decode may hold per input byte: a generic value of a byte-sized field (an object with a name,
 * an array slot) costs some hundred bytes, and values of no bytes are bounded by the decoders' work budget.
 */
export const HEAP_BYTES_PER_INPUT_BYTE = 1024;
/** Heap growth always allowed (compiled codecs, the first use of a decoder, a generic value of empty classes). */
export const HEAP_ALLOWANCE = 64 * 1024 * 1024;

/** How one input went. */
export type Outcome = 'ok' | 'expected error' | 'unexpected error' | 'too slow' | 'too much memory';

/** A failed input, enough to reproduce it. */
export interface FuzzFailure {
  target: string;
  /** Index of the input: crafted inputs first, then mutations from the seed. */
  input: number;
  seed: number;
  outcome: Outcome;
  detail: string;
  bytes: number;
}

/** Results of one target. */
export interface TargetReport {
  target: string;
  drives: string;
  inputs: number;
  crafted: number;
  outcomes: Record<Outcome, number>;
  /** Error names thrown as expected, with counts. */
  expectedErrors: Record<string, number>;
  slowestMs: number;
  largestGrowthBytes: number;
  failures: FuzzFailure[];
}

/** Options of a run. */
export interface FuzzOptions {
  /** Mutated inputs per target (after the crafted ones). */
  inputs: number;
  seed: number;
  /** Only targets whose name contains this. */
  only?: string;
  /**
   * Longest one input may take (ms; default MAX_INPUT_MS). The test smoke lifts it: on a loaded machine wall time
   * says nothing, and the decoders' work budgets bound their work by counts.
   */
  maxInputMs?: number;
  /** Called after each target. */
  progress?: (report: TargetReport) => void;
}

function heapNow(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Runs one input; returns its outcome. */
function runOne(
  target: FuzzTarget,
  input: Uint8Array,
  maxInputMs: number,
): { outcome: Outcome; detail: string; ms: number; growth: number; errorName?: string } {
  const before = heapNow();
  const start = performance.now();
  let result: unknown;
  let error: unknown;
  try {
    result = target.run(input);
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - start;
  const growth = heapNow() - before;
  void result; // held until the heap was measured
  const limit = HEAP_BYTES_PER_INPUT_BYTE * input.length + HEAP_ALLOWANCE;
  if (ms > maxInputMs) return { outcome: 'too slow', detail: `${ms.toFixed(0)} ms`, ms, growth };
  if (growth > limit)
    return {
      outcome: 'too much memory',
      detail: `heap grew ${(growth / 2 ** 20).toFixed(1)} MB for ${input.length} bytes`,
      ms,
      growth,
    };
  if (error === undefined) return { outcome: 'ok', detail: '', ms, growth };
  const e = error as Error;
  const expected =
    target.expected.some((kind) => error instanceof kind) &&
    !ALWAYS_UNEXPECTED.some((kind) => error instanceof kind && !target.expected.includes(kind));
  const name = e?.constructor?.name ?? typeof error;
  if (expected) return { outcome: 'expected error', detail: '', ms, growth, errorName: name };
  return { outcome: 'unexpected error', detail: `${name}: ${e?.message ?? String(error)}`.slice(0, 300), ms, growth };
}

/** Runs the asynchronous preparation of every target (or of those whose name contains `only`). */
export async function prepareFuzzTargets(targets: readonly FuzzTarget[], only?: string): Promise<void> {
  for (const target of targets) if (!only || target.name.includes(only)) await target.prepare?.();
}

/**
 * Fuzzes every target (or the `only` one), after prepareFuzzTargets; never throws for a target's failures, they
 * are in the reports.
 */
export function runFuzz(targets: readonly FuzzTarget[], options: FuzzOptions): TargetReport[] {
  const reports: TargetReport[] = [];
  for (const target of targets) {
    if (options.only && !target.name.includes(options.only)) continue;
    const seeds = target.seeds();
    const crafted = target.crafted();
    const random = seededRandom(options.seed);
    const report: TargetReport = {
      target: target.name,
      drives: target.drives,
      inputs: 0,
      crafted: crafted.length,
      outcomes: { ok: 0, 'expected error': 0, 'unexpected error': 0, 'too slow': 0, 'too much memory': 0 },
      expectedErrors: {},
      slowestMs: 0,
      largestGrowthBytes: 0,
      failures: [],
    };
    const total = crafted.length + seeds.length + options.inputs;
    for (let i = 0; i < total; i++) {
      const input =
        i < crafted.length
          ? crafted[i]!
          : i < crafted.length + seeds.length
            ? seeds[i - crafted.length]!
            : mutate(random, seeds);
      const result = runOne(target, input, options.maxInputMs ?? MAX_INPUT_MS);
      report.inputs++;
      report.outcomes[result.outcome]++;
      report.slowestMs = Math.max(report.slowestMs, result.ms);
      report.largestGrowthBytes = Math.max(report.largestGrowthBytes, result.growth);
      if (result.errorName)
        report.expectedErrors[result.errorName] = (report.expectedErrors[result.errorName] ?? 0) + 1;
      if (result.outcome !== 'ok' && result.outcome !== 'expected error' && report.failures.length < 20) {
        report.failures.push({
          target: target.name,
          input: i,
          seed: options.seed,
          outcome: result.outcome,
          detail: result.detail,
          bytes: input.length,
        });
      }
    }
    reports.push(report);
    options.progress?.(report);
  }
  return reports;
}

/** Every failed input of a run. */
export function countedFailures(reports: readonly TargetReport[]): FuzzFailure[] {
  return reports.flatMap((r) => r.failures);
}

/** One line per target, for the console and docs/reliability.md. */
export function formatReport(report: TargetReport): string {
  const errors =
    Object.entries(report.expectedErrors)
      .map(([name, n]) => `${name} ×${n}`)
      .join(', ') || 'none';
  const failed = report.outcomes['unexpected error'] + report.outcomes['too slow'] + report.outcomes['too much memory'];
  return `| ${report.target} | ${report.inputs} (${report.crafted} crafted) | ${report.outcomes.ok} | ${errors} | ${failed} | ${report.slowestMs.toFixed(0)} ms | ${(report.largestGrowthBytes / 2 ** 20).toFixed(1)} MB |`;
}
