// `npm run bench`: runs every benchmark suite, prints a table with same-run baselines and ratios, and records
// the results in docs/benchmarks.md between the bench markers (pass --no-write to only print).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { formatRows, type BenchRow } from './BenchRow';
import { suites } from './suites';

/** The usage text. */
export const BENCH_USAGE = `Usage: npm run bench -- [--no-write] [<suite>…]
  Runs the benchmark suites (all, or the named ones: ${suites.map((s) => s.id).join(', ')}) and prints each
  result with its same-run baseline. A full run records the table in docs/benchmarks.md unless --no-write.
  Each suite of a full run runs in a process of its own (--rows-json: one suite's rows as JSON, for that).`;

/** The suites to run and whether to record; throws UsageError or HelpRequested (before anything runs). */
export function parseBenchArgs(argv: readonly string[]): { only: string[]; write: boolean; rowsJson: boolean } {
  const { values, positionals } = parseCommandLine(argv, {
    options: { 'no-write': { type: 'boolean' }, 'rows-json': { type: 'boolean' } },
    positionals: [0, Infinity],
  });
  const unknown = positionals.filter((p) => !suites.some((s) => s.id === p));
  if (unknown.length) throw new UsageError(`unknown suite '${unknown[0]}'`);
  const rowsJson = values['rows-json'] === true;
  if (rowsJson && positionals.length !== 1) throw new UsageError('--rows-json runs exactly one suite');
  return { only: positionals, write: values['no-write'] !== true && positionals.length === 0, rowsJson };
}

const ROWS_MARK = 'bench-rows-json:';

/**
 * One suite in a process of its own: what earlier suites left (a grown heap, code compiled for other shapes)
 * changed later suites' rates by up to a quarter (14 articulated robots measured 4.0–5.8× after the other suites
 * and 5.6–6.7× alone).
 */
function runSuiteInChild(id: string): BenchRow[] {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--rows-json', id], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith(ROWS_MARK));
  if (child.status !== 0 || !line) throw new Error(`suite ${id} failed (exit ${child.status})`);
  return JSON.parse(line.slice(ROWS_MARK.length)) as BenchRow[];
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

async function main(argv: readonly string[]): Promise<number> {
  const { only, write, rowsJson } = parseBenchArgs(argv);
  if (rowsJson) {
    const rows = await suites.find((s) => s.id === only[0])!.run();
    process.stdout.write(`${ROWS_MARK}${JSON.stringify(rows)}\n`);
    return 0;
  }
  const rows: BenchRow[] = [];
  // Other processes skew every rate here (2 cores): the load before and after the run goes into the record.
  const loadBefore = os.loadavg()[0]!;
  for (const suite of suites) {
    if (only.length > 0 && !only.includes(suite.id)) continue;
    process.stdout.write(`running ${suite.id} … `);
    const started = performance.now();
    const result = only.length === 1 ? await suite.run() : runSuiteInChild(suite.id);
    rows.push(...result);
    process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const table = formatRows(rows);
  console.log(`\n${table}\n`);
  if (!write) return 0;
  const file = path.resolve(import.meta.dirname, '../../../docs/benchmarks.md');
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;
  const header = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${load}.`;
  const block = `${START}\n${header}\n\n${table}\n${END}`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const next = text.includes(START)
    ? text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : `${text}\n${block}\n`;
  fs.writeFileSync(file, next);
  console.log(`recorded in ${path.relative(process.cwd(), file)}`);
  return 0;
}

runAsEntry(import.meta.url, BENCH_USAGE, main);
