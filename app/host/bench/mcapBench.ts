// MCAP export of a recorded simulation log: one robot of the default game (GameFast, full-size camera images at
// 10 Hz per camera) is recorded for a few simulated seconds, then exported. The export's throughput (log bytes per
// second) is compared with reading the same log as the log player does (every frame read, every representation
// decoded), and the MCAP file's size with the log's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { Simulation } from '../../simulator/simulation/Simulation';
import { LogFile } from '../log/LogFile';
import { exportMcap } from '../log/mcapExport';
import { SimRecording } from '../log/simRecording';
import { writeRecordingScene } from '../log/testing/recordingScene';
import type { BenchRow } from './BenchRow';

/** Simulated seconds recorded. */
const SECONDS = 8;
/**
 * Exports (and reads) measured, the best counting: the first few run while the JIT still compiles, and a shared
 * 2-core machine makes single runs vary by a third.
 */
const PASSES = 10;

async function recordLog(dir: string): Promise<string> {
  const scene = writeRecordingScene(dir, 'robot1', {
    upper: { width: 640, height: 480 },
    lower: { width: 320, height: 240 },
  });
  const sim = await Simulation.load(scene, { seed: 11 });
  try {
    const recording = new SimRecording(sim, { robots: ['robot1'], imageRate: 10 });
    recording.controller.execute('gc ready');
    recording.start();
    for (let i = 0; i < 100 && recording.busy; i++) recording.controller.execute('sim step 5');
    const end = sim.time + SECONDS * 1000;
    while (sim.time < end) recording.controller.execute('sim step 5');
    return recording.save(dir)[0]!;
  } finally {
    await sim.dispose();
  }
}

/** CPU seconds this process has used (all its threads: helper threads of V8 and zstd count too). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Wall and CPU seconds of `run`. */
async function timed(run: () => unknown): Promise<{ wall: number; cpu: number }> {
  const wall = performance.now();
  const cpu = cpuSeconds();
  await run();
  return { wall: (performance.now() - wall) / 1000, cpu: cpuSeconds() - cpu };
}

/** Reads every frame of `file` and decodes every representation, as the log player does. */
function read(file: string): void {
  const log = LogFile.open(file);
  const info = log.typeInfo!;
  const kept = new Map<string, unknown>();
  for (let i = 0; i < log.frameCount; i++) {
    const frame = log.readFrameTransient(i);
    for (const m of frame.messages) {
      const rep = representationForMessageId(m.id);
      if (rep && info.classes.has(rep))
        kept.set(`${frame.thread}|${rep}`, genericCodec(info, rep).read(new InBinary(m.payload)));
    }
  }
  log.close();
}

/** Runs the MCAP export benchmark. */
export async function runMcapBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-bench-mcap-'));
  try {
    const file = await recordLog(dir);
    const size = fs.statSync(file).size;
    const mb = size / 1e6;
    const out = path.join(dir, 'export.mcap');
    const best = { read: { wall: Infinity, cpu: Infinity }, exported: { wall: Infinity, cpu: Infinity } };
    let bytes = 0;
    // Best of PASSES, alternating, so both run with warm code and the same page-cache state.
    for (let pass = 0; pass < PASSES; pass++) {
      const r = await timed(() => read(file));
      const log = LogFile.open(file);
      const e = await timed(async () => (bytes = (await exportMcap(log, out)).bytes));
      log.close();
      for (const [k, v] of [
        ['read', r],
        ['exported', e],
      ] as const) {
        best[k].wall = Math.min(best[k].wall, v.wall);
        best[k].cpu = Math.min(best[k].cpu, v.cpu);
      }
      if (process.env.PITCHSIDE_BENCH_VERBOSE)
        console.log(
          `pass ${pass}: read ${r.wall.toFixed(3)} s (${r.cpu.toFixed(3)} s CPU), ` +
            `export ${e.wall.toFixed(3)} s (${e.cpu.toFixed(3)} s CPU)`,
        );
    }
    const group = `MCAP export: ${SECONDS} s of a simulated robot with 640×480 and 320×240 images at 10 Hz (${mb.toFixed(1)} MB log)`;
    return [
      {
        group,
        name: 'export throughput (log MB per second, zstd chunks)',
        value: mb / best.exported.wall,
        unit: 'MB/s',
        baseline: { name: 'reading the log as the player does', value: mb / best.read.wall },
        goal: '≥ 0.3',
      },
      {
        // CPU time is what a loaded machine distorts least (the wall time includes waiting for a core).
        group,
        name: 'export throughput per CPU second (log MB per CPU second of the process)',
        value: mb / best.exported.cpu,
        unit: 'MB/s',
        baseline: { name: 'reading the log as the player does', value: mb / best.read.cpu },
      },
      {
        group,
        name: 'MCAP size',
        value: bytes / 1e6,
        unit: 'MB',
        baseline: { name: 'log size', value: mb },
        goal: '≤ 0.5',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
