// Opening 10 MB recordings (issue 41: at most 2 s, and the IDE host never held up for more than 100 ms at a time):
// a B-Human log of small frames (the demo log: many frames per MB, the most work per byte) with its index, without
// it, and with a damaged header byte; and an MCAP file of such frames, opened at once and in slices. The files are
// generated once into the OS temp folder and reused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LogFile } from '../log/LogFile';
import { loadMcapDecompression, McapFrameSource } from '../log/McapFrameSource';
import { openFrameSourceInSlices } from '../log/openInSlices';
import { rawFramesMcap } from '../log/mcap/testing/hostileMcap';
import { writeDemoLog } from '../log/testing/demoLog';
import type { BenchRow } from './BenchRow';

const MB = 1e6;
const LOG = path.join(os.tmpdir(), 'pitchside-bench-open-10MB.log');
const MCAP = path.join(os.tmpdir(), 'pitchside-bench-open-10MB.mcap');
/** Demo log cycles giving about 10 MB of log, and (compressed about four to one) of MCAP. */
const LOG_CYCLES = 3200;
const MCAP_CYCLES = 13_000;

async function files(): Promise<{ indexed: string; unindexed: string; damaged: string; mcap: string }> {
  if (!fs.existsSync(LOG)) writeDemoLog(LOG, LOG_CYCLES);
  if (!fs.existsSync(MCAP)) {
    const big = path.join(os.tmpdir(), `pitchside-bench-open-${process.pid}.log`);
    writeDemoLog(big, MCAP_CYCLES);
    fs.writeFileSync(MCAP, await rawFramesMcap(big, Math.ceil(fs.statSync(big).size / (4 * MB)), true));
    fs.rmSync(big);
  }
  const log = LogFile.open(LOG);
  const dataEnd = log.log.bodyStart + log.log.dataSize;
  log.close();
  const bytes = fs.readFileSync(LOG);
  const unindexed = path.join(os.tmpdir(), `pitchside-bench-open-${process.pid}-unindexed.log`);
  fs.writeFileSync(unindexed, bytes.subarray(0, dataEnd));
  const damaged = path.join(os.tmpdir(), `pitchside-bench-open-${process.pid}-damaged.log`);
  bytes[8] = 0x7f; // the settings chunk's head name claims 2 GB
  fs.writeFileSync(damaged, bytes);
  return { indexed: LOG, unindexed, damaged, mcap: MCAP };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Median time of `n` runs of `open` (ms). */
function timed(n: number, open: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    open();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Runs the opening benchmark. */
export async function runLogOpenBench(): Promise<BenchRow[]> {
  await loadMcapDecompression();
  const f = await files();
  const size = (file: string) => `${(fs.statSync(file).size / MB).toFixed(1)} MB`;
  const group = 'log files: opening 10 MB (issue 41)';
  const goal = '< 2000 ms';
  const rows: BenchRow[] = [];
  const logRow = (name: string, file: string) =>
    rows.push({
      group,
      name: `${name} (${size(file)}), median of 5`,
      value: timed(5, () => LogFile.open(file).close()),
      unit: 'ms',
      goal,
    });
  logRow('B-Human log with its index', f.indexed);
  logRow('B-Human log without an index (scanned)', f.unindexed);
  logRow('B-Human log with a damaged header byte (data found behind it)', f.damaged);
  rows.push({
    group,
    name: `MCAP export of small frames (${size(f.mcap)}), at once, median of 5`,
    value: timed(5, () => McapFrameSource.open(f.mcap).close()),
    unit: 'ms',
    goal,
  });
  // In slices: the whole time, and the longest the event loop waited for a turn, as wall time and as the CPU time
  // this process spent in that slice (on a shared machine a slice's wall time includes time others ran).
  const totals: number[] = [];
  let longest = 0;
  let longestCpu = 0;
  for (let i = 0; i < 5; i++) {
    let sliceStart = performance.now();
    let cpuStart = process.cpuUsage();
    const sliceEnded = () => {
      const cpu = process.cpuUsage(cpuStart);
      longest = Math.max(longest, performance.now() - sliceStart);
      longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
    };
    const started = sliceStart;
    const source = await openFrameSourceInSlices(f.mcap, {
      turn: async () => {
        sliceEnded();
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
        cpuStart = process.cpuUsage();
      },
    });
    sliceEnded(); // the last slice
    totals.push(performance.now() - started);
    source.close();
  }
  rows.push({
    group,
    name: `the same MCAP in slices (File > Open log), median of 5`,
    value: median(totals),
    unit: 'ms',
    goal,
  });
  rows.push({
    group,
    name: 'its longest slice without a turn of the event loop, of 5 opens',
    value: longest,
    unit: 'ms',
    goal: '< 100 ms',
  });
  rows.push({
    group,
    name: 'the CPU time of that longest slice (this process)',
    value: longestCpu,
    unit: 'ms',
    goal: '< 100 ms',
  });
  fs.rmSync(f.unindexed, { force: true });
  fs.rmSync(f.damaged, { force: true });
  return rows;
}
