// Log files at scale: a generated 1 GB log (kept in the OS temp folder and reused) is opened, seeked, replayed
// and exported. Replay decode throughput is compared with reading the same file raw in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { representationForMessageId, MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { LogFile } from '../log/LogFile';
import { LogPlayer } from '../log/LogPlayer';
import { exportMcap } from '../log/mcapExport';
import { saveLog } from '../log/saveLog';
import type { BenchRow } from './BenchRow';
import { runLogOpenBench } from './logOpenBench';
import { median } from './measure';

const TARGET_BYTES = 1024 ** 3;
const FILE = path.join(os.tmpdir(), 'pitchside-bench-1GB.log');

const enc = <T extends AnyType>(type: T, value: unknown): Uint8Array =>
  encode(type as TypeRef<unknown>, value as never);

/** One 33 ms cycle of a robot: upper and lower images, Cognition, three Motion frames. */
function* cycleFrames(cycle: number): Generator<Uint8Array> {
  const t = Math.round(cycle * 33.33);
  const image = (width: number, height: number): Uint8Array => {
    const bytes = new Uint8Array(width * height * 2);
    for (let i = 0; i < bytes.length; i += 64) bytes[i] = (i + cycle) & 0xff;
    return enc(CameraImage, { width: width / 2, height, timestamp: t, image: bytes });
  };
  const info = (time: number): Message => ({ id: MessageID.idFrameInfo, payload: enc(FrameInfo, { time }) });
  yield frameBytes('Upper', [info(t), { id: MessageID.idCameraImage, payload: image(640, 480) }]);
  yield frameBytes('Lower', [info(t), { id: MessageID.idCameraImage, payload: image(320, 240) }]);
  yield frameBytes('Cognition', [
    info(t),
    { id: MessageID.idBallModel, payload: enc(BallModel, BallModel.defaultValue()) },
    { id: MessageID.idRobotPose, payload: enc(RobotPose, RobotPose.defaultValue()) },
  ]);
  for (let k = 0; k < 3; k++) {
    yield frameBytes('Motion', [
      info(t + k * 12),
      { id: MessageID.idJointSensorData, payload: enc(JointSensorData, JointSensorData.defaultValue()) },
      { id: MessageID.idJointRequest, payload: enc(JointRequest, JointRequest.defaultValue()) },
    ]);
  }
}

/** The 1 GB log, generated once. */
function benchLog(): string {
  if (fs.existsSync(FILE) && fs.statSync(FILE).size >= TARGET_BYTES) return FILE;
  const typeInfo = typeInfoToBytes(typeInfoFromTypes(allRepresentations as unknown as AnyType[]));
  function* frames(): Generator<Uint8Array> {
    let bytes = 0;
    for (let cycle = 0; bytes < TARGET_BYTES; cycle++) {
      for (const f of cycleFrames(cycle)) {
        bytes += f.length;
        yield f;
      }
    }
  }
  saveLog(
    FILE,
    {
      settings: { headName: 'Bench', bodyName: 'Bench', playerNumber: 1, location: 'Default', scenario: 'Default' },
      typeInfo,
    },
    frames(),
  );
  return FILE;
}

/** Reads the whole file in 8 MB blocks: the raw speed the replay is compared with. */
function rawReadMBs(file: string): number {
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(8 * 1024 * 1024);
  const started = performance.now();
  let total = 0;
  for (
    let got = fs.readSync(fd, buffer, 0, buffer.length, 0);
    got > 0;
    got = fs.readSync(fd, buffer, 0, buffer.length, total)
  )
    total += got;
  fs.closeSync(fd);
  return total / 1e6 / ((performance.now() - started) / 1000);
}

/**
 * Reads every frame and decodes every representation through the log's type info into one object per thread and
 * representation, as a replayed blackboard holds them.
 */
function replayDecodeMBs(file: string): number {
  const log = LogFile.open(file);
  const info = log.typeInfo!;
  const targets = new Map<string, unknown>();
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < log.frameCount; i++) {
    // As the replay reads: through the file's reused buffer, decoded values own their bytes.
    const frame = log.readFrameTransient(i);
    bytes += frame.size;
    for (const m of frame.messages) {
      const rep = representationForMessageId(m.id);
      if (!rep || !info.classes.has(rep)) continue;
      // Kept per thread and representation like a blackboard (plain reads beat generic in-place reads here).
      targets.set(`${frame.thread}|${rep}`, genericCodec(info, rep).read(new InBinary(m.payload)));
    }
  }
  log.close();
  return bytes / 1e6 / ((performance.now() - started) / 1000);
}

/** Runs the log benchmark. */
export async function runLogBench(): Promise<BenchRow[]> {
  const file = benchLog();
  const size = fs.statSync(file).size;
  const group = `log files: generated ${(size / 1024 ** 3).toFixed(2)} GB log`;

  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    LogFile.open(file).close();
    opens.push(performance.now() - started);
  }

  const log = LogFile.open(file);
  const player = new LogPlayer(log, () => {});
  const seeks: number[] = [];
  let seed = 7;
  for (let i = 0; i < 200; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const target = seed % log.frameCount;
    const started = performance.now();
    player.goto(target);
    seeks.push(performance.now() - started);
  }
  const frames = log.frameCount;

  // Best of two passes each, alternating, so both run with warm code and the same page-cache state.
  let raw = 0;
  let decode = 0;
  for (let pass = 0; pass < 2; pass++) {
    raw = Math.max(raw, rawReadMBs(file));
    decode = Math.max(decode, replayDecodeMBs(file));
  }

  // MCAP export of the first quarter of the frames (JSON with base64 images is far slower than reading).
  const out = path.join(os.tmpdir(), `pitchside-bench-${process.pid}.mcap`);
  const exportFrames = Math.floor(frames / 4);
  const started = performance.now();
  const result = await exportMcap(log, out, { frameLimit: exportFrames });
  const seconds = (performance.now() - started) / 1000;
  const exportedBytes = log.log.index.frameOffsets[exportFrames]!;
  fs.rmSync(out, { force: true });
  log.close();

  return [
    {
      group,
      name: `open (index of ${frames} frames), median of 5`,
      value: median(opens),
      unit: 'ms',
      goal: '< 1000 ms',
    },
    {
      group,
      name: 'seek to a random frame (goto: from 2 image frames before), median of 200',
      value: median(seeks),
      unit: 'ms',
      goal: '< 20 ms',
    },
    {
      group,
      name: 'replay decode (read frames + decode every representation)',
      value: decode,
      unit: 'MB/s',
      baseline: { name: 'raw sequential file read', value: raw },
      goal: '≥ 0.5',
    },
    {
      group,
      name: `MCAP export (Foxglove channels, zstd, ${result.messages} messages, first quarter)`,
      value: exportedBytes / 1e6 / seconds,
      unit: 'MB/s',
      baseline: { name: 'raw sequential file read', value: raw },
    },
    // Opening 10 MB files, damaged ones and MCAP in slices among them (issue 41).
    ...(await runLogOpenBench()),
  ];
}
