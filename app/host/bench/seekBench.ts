// Exact seeks on a large log with the modules running (issue 44). A simulated robot's inputs (sensors,
// GameController, ground truth) are recorded for a few seconds, then extended into a log of about 1 GB in a
// temporary folder: the recording is repeated with FrameInfo times shifted on, and every camera frame carries a
// full-size image (upper 640×480, lower 320×240 YUYV), as a NAO's raw images would. The replay takes threads.cfg
// from the config tree, so it computes percepts, self-localization, ball model, behaviour and the motion engines.
// Measured: one play through (which takes the snapshots), then 50 seeks to random frames; the file is deleted after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { decode, encode } from '@robot-runtime/protocol/binary/encode';
import { MessageID, representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { LogFile } from '../log/LogFile';
import { openReplay } from '../log/openReplay';
import { saveLog } from '../log/saveLog';
import { CONFIG_ROOT } from '../log/testing/InProcessRobot';
import { recordSensorLog } from '../log/testing/sensorLog';
import type { BenchRow } from './BenchRow';
import { median } from './measure';

const TARGET_BYTES = 1024 ** 3;
const RECORDED_SECONDS = 6;
const SEEKS = 50;

/** A YUYV image of `width`×`height` pixels, its bytes varying with `seed`. */
function image(width: number, height: number, timestamp: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(width * height * 2);
  for (let i = 0; i < bytes.length; i += 61) bytes[i] = (i + seed) & 0xff;
  return encode(CameraImage, { width: width / 2, height, timestamp, image: bytes });
}

/** The recorded frames, repeated with shifted times and full-size images, until about TARGET_BYTES. */
function* extended(recorded: LogFile, images: Map<string, Uint8Array>): Generator<Uint8Array> {
  const first = decode(FrameInfo, recorded.readFrame(0).messages.find((m) => m.id === MessageID.idFrameInfo)!.payload);
  let span = 0;
  let written = 0;
  for (let repetition = 0; written < TARGET_BYTES; repetition++) {
    const offset = repetition * (span + 12);
    for (let i = 0; i < recorded.frameCount && written < TARGET_BYTES; i++) {
      const frame = recorded.readFrame(i);
      const messages: Message[] = [];
      for (const m of frame.messages) {
        if (representationForMessageId(m.id) === undefined) continue; // the recorded configuration: not replayed
        if (m.id !== MessageID.idFrameInfo) {
          messages.push(m);
          continue;
        }
        const info = decode(FrameInfo, m.payload);
        span = Math.max(span, info.time - first.time);
        messages.push({ id: m.id, payload: encode(FrameInfo, { ...info, time: info.time + offset }) });
      }
      const picture = images.get(frame.thread);
      if (picture) messages.push({ id: MessageID.idCameraImage, payload: picture });
      const bytes = frameBytes(frame.thread, messages);
      written += bytes.length;
      yield bytes;
    }
  }
}

/** Runs the seek benchmark. */
export async function runSeekBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-bench-seek-'));
  try {
    const recordedFile = await recordSensorLog(dir, RECORDED_SECONDS);
    const recorded = LogFile.open(recordedFile);
    const big = path.join(dir, 'large.log');
    const images = new Map([
      ['Upper', image(640, 480, 0, 1)],
      ['Lower', image(320, 240, 0, 2)],
    ]);
    saveLog(big, { settings: recorded.log.settings }, extended(recorded, images));
    recorded.close();
    const size = fs.statSync(big).size;

    const robot = openReplay('seek', big, {
      configRoot: CONFIG_ROOT,
      configFromTree: true,
      now: () => 0,
      playing: false,
    });
    const frames = robot.player.frameCount;
    const started = performance.now();
    robot.player.goto(frames - 1);
    const firstPass = performance.now() - started;
    const store = robot.seeker.store!;
    const random = new SeededRandom(44);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const replayed: number[] = [];
    for (let i = 0; i < SEEKS; i++) {
      const target = Math.floor(random.next() * frames);
      const before = robot.framesPlayed.get('Motion') ?? 0;
      const t = performance.now();
      const cpu = process.cpuUsage();
      robot.player.goto(target);
      const used = process.cpuUsage(cpu);
      times.push(performance.now() - t);
      cpuTimes.push((used.user + used.system) / 1000);
      replayed.push((robot.framesPlayed.get('Motion') ?? 0) - before);
    }
    robot.file.close();
    const sorted = [...times].sort((a, b) => a - b);
    const group = `exact seek, ${(size / 1e9).toFixed(2)} GB log, modules running`;
    const perSnapshot = store.size ? store.bytes / store.size / 1024 : 0;
    return [
      {
        group,
        name: `seek to a random frame of ${frames} (median of ${SEEKS})`,
        value: median(times),
        unit: 'ms',
        goal: '≤ 50',
      },
      { group, name: 'seek, 90th percentile', value: sorted[Math.floor(0.9 * sorted.length)]!, unit: 'ms' },
      {
        group,
        name: 'seek, CPU time of the process (median; the wall time above includes waiting for a loaded machine)',
        value: median(cpuTimes),
        unit: 'ms',
      },
      { group, name: 'Motion frames replayed per seek (median)', value: median(replayed), unit: '' },
      {
        group,
        name: 'first play through the log (takes the snapshots)',
        value: firstPass / 1000,
        unit: 's',
      },
      {
        group,
        name: `snapshots kept (every ${store.options.intervalFrames} frames at most)`,
        value: store.size,
        unit: '',
      },
      { group, name: 'memory per snapshot', value: perSnapshot, unit: 'KB' },
      {
        group,
        name: `snapshot memory (budget ${store.options.budgetBytes / 1024 ** 2} MB)`,
        value: store.peakBytes / 1024 ** 2,
        unit: 'MB',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
