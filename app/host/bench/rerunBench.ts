// Re-run and compare (issue 44): a 60 s window of a recorded log runs again as a variant beside its original. A
// simulated robot's inputs (sensors, GameController, ground truth) are recorded for 62 s, so the replay computes
// percepts with the oracle (OracledPerceptsProvider), self-localization, ball model, behaviour and every motion
// engine. Measured: the original replaying the window alone (the baseline), then the variant (a changed SelfLocator
// parameter) started from the original's snapshot, both replaying the window with every representation compared
// after every frame; the real-time factor is the window's FrameInfo span over the wall time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { snapshotProgram } from '@robot-runtime/core/threads/programSnapshot';
import { decode } from '@robot-runtime/protocol/binary/encode';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import type { FrameSource } from '../log/FrameSource';
import { openReplay } from '../log/openReplay';
import type { ReplayRobot } from '../log/ReplayRobot';
import { CONFIG_ROOT } from '../log/testing/InProcessRobot';
import { recordSensorLog } from '../log/testing/sensorLog';
import { runVariant } from '../log/variants/runVariant';
import { variantRobot } from '../log/variants/variantRobot';
import type { BenchRow } from './BenchRow';

const RECORDED_SECONDS = 62;
const WINDOW_MS = 60_000;
const VARIANT = 'set module:SelfLocator odometryTranslationVariance = 2000;';

/** The FrameInfo time of frame `i` (ms), if it has one. */
function timeOf(file: FrameSource, i: number): number | undefined {
  const m = file.readFrameTransient(i).messages.find((x) => x.id === MessageID.idFrameInfo);
  return m && decode(FrameInfo, m.payload).time;
}

/** The window: from the first frame 1 s into the log to the last one 60 s after it. */
function window(file: FrameSource): { from: number; to: number; ms: number } {
  let from = 0;
  let start: number | undefined;
  let first: number | undefined;
  let to = 0;
  let end = 0;
  for (let i = 0; i < file.frameCount; i++) {
    const t = timeOf(file, i);
    if (t === undefined) continue;
    first ??= t;
    if (start === undefined && t >= first + 1000) [from, start] = [i, t];
    if (start !== undefined && t <= start + WINDOW_MS) [to, end] = [i, t];
  }
  return { from, to, ms: end - (start ?? 0) };
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Runs the re-run benchmark. */
export async function runRerunBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-bench-rerun-'));
  const open = (): ReplayRobot =>
    openReplay('rerun', logFile, { configRoot: CONFIG_ROOT, configFromTree: true, now: () => 0, playing: false });
  let logFile = '';
  try {
    logFile = await recordSensorLog(dir, RECORDED_SECONDS);
    const original = open();
    const { from, to, ms } = window(original.file);
    const frames = to - from + 1;

    // Baseline: the original alone replays the window from the same exact start.
    original.player.goto(from - 1);
    let started = performance.now();
    let cpu = process.cpuUsage();
    while (original.player.current < to) original.player.forward(1);
    const aloneMs = performance.now() - started;
    const aloneCpu = cpuMs(cpu);

    const heapBefore = process.memoryUsage().heapUsed;
    const variant = variantRobot(original, 'rerun_wide', CONFIG_ROOT);
    started = performance.now();
    cpu = process.cpuUsage();
    const result = runVariant(original, variant, { name: 'wide', from, to, lines: [VARIANT] });
    const rerunMs = performance.now() - started;
    const rerunCpu = cpuMs(cpu);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    const state = snapshotProgram(variant.program).bytes;
    original.file.close();
    variant.file.close();

    const group = `re-run and compare, ${(ms / 1000).toFixed(0)} s window (${frames} frames), oracle perception`;
    const alone = { name: 'the original replaying the window alone', value: ms / aloneMs };
    return [
      {
        group,
        name: 'variant and original replayed, every representation compared (real-time factor)',
        value: ms / rerunMs,
        unit: '× real time',
        baseline: alone,
        goal: '≥ 10',
      },
      {
        group,
        name: 'the same, on the CPU time of the process (other sessions inflate wall time on the shared machine)',
        value: ms / rerunCpu,
        unit: '× real time',
        baseline: { name: 'the original alone', value: ms / aloneCpu },
        goal: '≥ 10',
      },
      {
        group,
        name: 'time per re-run frame (wall)',
        value: (rerunMs * 1000) / frames,
        unit: 'µs/frame',
        baseline: { name: 'the original alone', value: (aloneMs * 1000) / frames },
      },
      {
        group,
        name: 'time per re-run frame (CPU of the process)',
        value: (rerunCpu * 1000) / frames,
        unit: 'µs/frame',
        baseline: { name: 'the original alone', value: (aloneCpu * 1000) / frames },
      },
      { group, name: "the variant program's state (as a snapshot)", value: state / 1024, unit: 'KB' },
      {
        group,
        name: 'heap growth over the re-run (variant robot, comparison)',
        value: heapGrowth / 1024 ** 2,
        unit: 'MB',
      },
      { group, name: 'representations that differ', value: result.diffs.length, unit: '' },
      {
        group,
        name: 'first differing frame after the window start',
        value: (result.differsFrom ?? to) - from,
        unit: '',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
