// Record → export → validate, without fixtures: one robot of the default game (GameFast with small images) is
// recorded through its console for a few simulated seconds, exported in both profiles, and the MCAP files are
// read back with @mcap/core and checked against @foxglove/schemas and the HumanoidDataset README.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { isGenericEnum } from '@robot-runtime/protocol/typeInfo/GenericValue';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { runLogCli } from '../cli/log';
import { rootFromDescriptorSet } from './mcap/foxgloveSchemas';
import { decodeMessage, foxgloveProblems, plainArrays, readMcap, type ReadMcap } from './mcap/testing/readMcap';
import { LogFile } from './LogFile';
import { HUMANOID_METADATA_NAME } from './mcapExport';
import { RAW_FRAMES_TOPIC } from './mcapRawFrames';
import { loadMcapDecompression, McapFrameSource } from './McapFrameSource';
import { recordRobotLog } from './testing/sensorLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-'));
afterAll(() => {
  if (!process.env.KEEP_MCAP_TEST) fs.rmSync(dir, { recursive: true, force: true });
});

const SECONDS = 4;
const START = '2026-07-15T14:00:00.000Z';

/** A generic value with its enums as the numbers ROS 1 has. */
function enumValues(value: unknown): unknown {
  if (isGenericEnum(value)) return value.value;
  if (Array.isArray(value)) return value.map(enumValues);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, enumValues(v)]));
}

const quiet = { out: () => {}, err: () => {} };

describe('MCAP export of a recorded simulation', () => {
  let log: string;
  let foxglove: ReadMcap;
  let humanoid: ReadMcap;
  let output: string[];
  let progress: string[];
  beforeAll(async () => {
    log = await recordRobotLog(dir, { seconds: SECONDS, seed: 5, imageRate: 10 });
    output = [];
    progress = [];
    const out = path.join(dir, 'game.mcap');
    expect(
      await runLogCli(['export', log, '--mcap', out, '--start', START], {
        out: (l) => output.push(l),
        err: (l) => progress.push(l),
      }),
    ).toBe(0);
    foxglove = await readMcap(out);
    const dataset = path.join(dir, 'dataset.mcap');
    expect(
      await runLogCli(['export', log, '--mcap', dataset, '--profile', 'humanoid-dataset', '--start', START], quiet),
    ).toBe(0);
    humanoid = await readMcap(dataset);
  }, 180_000);

  it('writes every well-known message so that @foxglove/schemas accepts it', () => {
    const { checked, problems } = foxgloveProblems(foxglove.messages);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(foxglove.chunkCompressions.length).toBeGreaterThan(0);
    expect(new Set(foxglove.chunkCompressions)).toEqual(new Set(['zstd']));
  });

  it('has the 3-D scene: field, the transform field → robot, robot, ball and ground truth', () => {
    const byTopic = (t: string) => foxglove.messages.filter((m) => m.topic === t);
    expect(byTopic('/field')).toHaveLength(1);
    expect(byTopic('/field')[0]!.schemaName).toBe('foxglove.SceneUpdate');
    const transforms = byTopic('/tf').map(
      (m) => JSON.parse(new TextDecoder().decode(m.data)) as { parent_frame_id: string; child_frame_id: string },
    );
    const edges = new Set(transforms.map((t) => `${t.parent_frame_id}>${t.child_frame_id}`));
    expect(edges).toContain('field>robot');
    expect(byTopic('/scene/robot')).toHaveLength(1);
    for (const topic of ['/scene/ball', '/scene/ground_truth'])
      expect(byTopic(topic).length, topic).toBeGreaterThan(10);
    const truth = JSON.parse(new TextDecoder().decode(byTopic('/scene/ground_truth').at(-1)!.data)) as {
      entities: { cylinders: unknown[] }[];
    };
    expect(truth.entities[0]!.cylinders).toHaveLength(14);
  });

  it('has camera images with calibration, named joint states, field drawings and plots', () => {
    const topics = new Map<string, string>();
    for (const m of foxglove.messages) topics.set(m.topic, m.schemaName);
    expect(topics.get('/Upper/image')).toBe('foxglove.RawImage');
    expect(topics.get('/Lower/image')).toBe('foxglove.RawImage');
    // The pixels follow the other fields in the Protobuf bytes (McapSink): every field still decodes.
    const image = decodeMessage(foxglove.messages.find((m) => m.topic === '/Upper/image')!) as {
      frame_id: string;
      width: number;
      height: number;
      step: number;
      encoding: string;
      data: string;
    };
    expect([image.frame_id, image.encoding, image.step]).toEqual(['camera_upper', 'yuyv', image.width * 2]);
    expect(Buffer.from(image.data, 'base64').length).toBe(image.step * image.height);
    expect(topics.get('/Upper/calibration')).toBe('foxglove.CameraCalibration');
    expect(topics.get('/joints/measured')).toBe('foxglove.JointStates');
    expect(topics.get('/joints/target')).toBe('foxglove.JointStates');
    expect(topics.get('/Cognition/plots')).toBe('pitchside.Plots');
    expect(topics.get('/Cognition/RobotPose')).toBe('pitchside/RobotPose');
    const images = foxglove.messages.filter((m) => m.topic === '/Upper/image');
    // 10 images per second were asked for: about SECONDS × 10 (the first may be one more).
    expect(images.length).toBeGreaterThanOrEqual(SECONDS * 10 - 2);
    expect(images.length).toBeLessThanOrEqual(SECONDS * 10 + 2);
    const joints = JSON.parse(
      new TextDecoder().decode(foxglove.messages.find((m) => m.topic === '/joints/measured')!.data),
    ) as { joints: { name: string }[] };
    expect(joints.joints.map((j) => j.name)).toContain('lKneePitch');
    expect(topics.get('/Cognition/drawings')).toBe('foxglove.SceneUpdate');
    const drawings = foxglove.messages
      .filter((m) => m.topic === '/Cognition/drawings')
      .map((m) => decodeMessage(m) as { entities: { id: string; lines: unknown[] }[] });
    const drawn = new Set(drawings.flatMap((d) => d.entities.map((e) => e.id)));
    expect(drawn).toContain('representation:RobotPose');
    expect(drawn).toContain('representation:BallModel');
    expect(drawings.at(-1)!.entities.find((e) => e.id === 'representation:RobotPose')!.lines.length).toBeGreaterThan(0);
    const plots = JSON.parse(
      new TextDecoder().decode(foxglove.messages.find((m) => m.topic === '/Cognition/plots')!.data),
    ) as { values: Record<string, number> };
    expect(Object.keys(plots.values)).toContain('representation:BallModel:distance');
  });

  it("writes representations as their logged bytes, which Foxglove's ROS 1 reader decodes to the log's values", () => {
    const file = LogFile.open(log);
    const info = file.typeInfo!;
    const logged = new Map<string, number>();
    for (let i = 0; i < file.frameCount; i++) {
      const frame = file.readFrameTransient(i);
      for (const m of frame.messages) {
        const rep = representationForMessageId(m.id);
        if (rep && rep !== 'CameraImage')
          logged.set(`/${frame.thread}/${rep}`, (logged.get(`/${frame.thread}/${rep}`) ?? 0) + 1);
      }
    }
    file.close();
    const ros1 = foxglove.messages.filter((m) => m.encoding === 'ros1');
    const written = new Map<string, number>();
    for (const m of ros1) written.set(m.topic, (written.get(m.topic) ?? 0) + 1);
    // Every logged representation but the images, every time it was logged.
    expect(written).toEqual(logged);
    for (const m of ros1) {
      expect(m.schemaEncoding).toBe('ros1msg');
      const rep = m.topic.split('/')[2]!;
      const ours = genericCodec(info, rep).read(new InBinary(m.data));
      expect(decodeMessage(m), m.topic).toEqual(plainArrays(enumValues(ours)));
    }
    const pose = decodeMessage(ros1.filter((m) => m.topic === '/Cognition/RobotPose').at(-1)!) as {
      translation: { x: number; y: number };
      quality: number;
    };
    expect(Math.hypot(pose.translation.x, pose.translation.y)).toBeGreaterThan(100);
  });

  it('keeps camera images once: raw frames refer to the image messages and still replay the log exactly', async () => {
    await loadMcapDecompression();
    const bytesOf = (topic: string) =>
      foxglove.messages.filter((m) => m.topic === topic).reduce((sum, m) => sum + m.data.length, 0);
    const images = bytesOf('/Upper/image') + bytesOf('/Lower/image');
    const raw = bytesOf(RAW_FRAMES_TOPIC);
    const logSize = fs.statSync(log).size;
    expect(images).toBeGreaterThan(logSize / 10);
    // The frames without their pixels (plus a small reference per frame): the log's bytes are not stored twice.
    expect(raw).toBeLessThan(logSize - images * 0.9);
    const source = LogFile.open(log);
    const mcap = McapFrameSource.open(path.join(dir, 'game.mcap'));
    expect(mcap.frameCount).toBe(source.frameCount);
    for (let i = 0; i < source.frameCount; i++)
      expect(Buffer.from(mcap.readFrame(i).bytes!).equals(Buffer.from(source.readFrame(i).bytes!)), `frame ${i}`).toBe(
        true,
      );
    mcap.close();
    source.close();
  });

  it('stamps messages with UNIX times from --start, has a Metadata record, reports progress and skipped kinds', () => {
    const start = BigInt(Date.parse(START)) * 1_000_000n;
    const times = foxglove.messages.map((m) => m.logTime);
    const first = times.reduce((a, b) => (a < b ? a : b));
    const last = times.reduce((a, b) => (a > b ? a : b));
    expect(first).toBe(start);
    expect(Number(last - first) / 1e9).toBeGreaterThan(SECONDS - 0.5);
    expect(Number(last - first) / 1e9).toBeLessThan(SECONDS + 1);
    const meta = foxglove.metadata.get('pitchside')!;
    expect(meta.get('recording_start')).toBe(START);
    expect(meta.get('recording_start_source')).toBe('option');
    expect(progress.at(-1)).toMatch(/100%$/);
    expect(output[0]).toMatch(/^wrote \d+ messages on \d+ channels/);
  });

  it('stamps every time inside a JSON message with its own time, also where repeated JSON is reused', () => {
    // Repeated messages reuse their JSON with the time filled in (mcap/repeatedJson.ts): each stamp in a message,
    // however deep, is that message's log time, and the repeats are there (the robot stands during part of it).
    const stamps: unknown[] = [];
    const collect = (v: unknown): void => {
      if (typeof v !== 'object' || v === null) return;
      const o = v as Record<string, unknown>;
      // Foxglove times only (representations have timestamps of their own, in robot milliseconds).
      if (typeof o.timestamp === 'object' && o.timestamp !== null && 'nsec' in o.timestamp) stamps.push(o.timestamp);
      for (const child of Object.values(o)) collect(child);
    };
    let checked = 0;
    const texts = new Map<string, Set<string>>();
    for (const m of foxglove.messages) {
      if (m.encoding !== 'json') continue;
      const text = new TextDecoder().decode(m.data);
      stamps.length = 0;
      collect(JSON.parse(text));
      const time = { sec: Number(m.logTime / 1_000_000_000n), nsec: Number(m.logTime % 1_000_000_000n) };
      for (const stamp of stamps) expect(stamp, m.topic).toEqual(time);
      checked += stamps.length;
      if (!texts.has(m.topic)) texts.set(m.topic, new Set());
      texts.get(m.topic)!.add(text.replaceAll(/\{"sec":\d+,"nsec":\d+\}/g, ''));
    }
    expect(checked).toBeGreaterThan(1000);
    const repeats = foxglove.messages.filter((m) => m.topic === '/Cognition/drawings').length;
    expect(texts.get('/Cognition/drawings')!.size).toBeLessThan(repeats);
  });

  it('passes a check written from the HumanoidDataset README', () => {
    expect(humanoid.profile).toBe('humanoid-dataset');
    // "The dataset should be in MCAP format and using Protobuf as backend format."
    for (const m of humanoid.messages) {
      expect(m.encoding, m.topic).toBe('protobuf');
      expect(m.schemaEncoding, m.topic).toBe('protobuf');
    }
    // "The metadata should be in JSON format … within the .mcap file": robot type, joint description, task, simulated.
    const record = humanoid.metadata.get(HUMANOID_METADATA_NAME)!;
    const meta = JSON.parse(record.get('json')!) as {
      robot_type: { manufacturer: string; model: string; version: string };
      joint_description: { number_of_joints: number; joints: Record<string, string> };
      task: string;
      simulated: boolean;
    };
    expect(meta.robot_type).toEqual({ manufacturer: expect.any(String), model: 'NAO', version: expect.any(String) });
    expect(meta.joint_description.number_of_joints).toBe(Object.keys(meta.joint_description.joints).length);
    expect(meta.joint_description.joints.rShoulderRoll).toMatch(/right shoulder roll/);
    expect(meta.task).toBe('soccer');
    // The recorded simulator log holds GroundTruthWorldState, which only a simulated robot has.
    expect(meta.simulated).toBe(true);
    const decode = (topic: string) => {
      const messages = humanoid.messages.filter((m) => m.topic === topic);
      expect(messages.length, topic).toBeGreaterThan(0);
      const root = rootFromDescriptorSet(messages[0]!.schemaData);
      const type = root.lookupType(messages[0]!.schemaName);
      return messages.map((m) => ({
        logTime: m.logTime,
        value: type.toObject(type.decode(m.data), { longs: Number, bytes: Array, defaults: true }) as Record<
          string,
          unknown
        >,
      }));
    };
    // "Timestamp (UNIX) in milliseconds (unsigned int); Gyroscope (x,y,z); Acceleration (x,y,z); Orientation (x,y)".
    const imu = decode('/imu');
    for (const { logTime, value } of imu) {
      expect(value.unix_time_ms).toBe(Number(logTime / 1_000_000n));
      expect(value.unix_time_ms as number).toBeGreaterThanOrEqual(Date.parse(START));
      for (const k of ['gyro_x', 'gyro_y', 'gyro_z', 'acc_x', 'acc_y', 'acc_z', 'orientation_x', 'orientation_y'])
        expect(typeof value[k], k).toBe('number');
    }
    expect(imu.some(({ value }) => Math.abs((value.acc_z as number) - 9.8) < 2)).toBe(true);
    // "Joint angles (current angle); Joint angles (target angle)".
    for (const topic of ['/joints/measured', '/joints/target']) {
      const joints = decode(topic).at(-1)!.value.joints as { name: string; position: number }[];
      expect(joints.length, topic).toBeGreaterThanOrEqual(20);
      expect(joints.every((j) => typeof j.name === 'string' && Number.isFinite(j.position))).toBe(true);
    }
    // Optional: "Image data (compressed); Camera intrinsic".
    const image = decode('/Upper/image')[0]!.value as { format: string; data: number[] };
    expect(image.format).toBe('png');
    expect(image.data.slice(1, 4)).toEqual([0x50, 0x4e, 0x47]);
    const calibration = decode('/Upper/calibration')[0]!.value as { K: number[]; width: number };
    expect(calibration.K).toHaveLength(9);
    expect(calibration.width).toBe(32);
  });

  it('refuses to overwrite the log it exports and exits 1', async () => {
    const before = fs.readFileSync(log);
    const errors: string[] = [];
    expect(await runLogCli(['export', log, '--mcap', log], { out: () => {}, err: (l) => errors.push(l) })).toBe(1);
    expect(errors.join('\n')).toMatch(/refusing to overwrite/);
    expect(fs.readFileSync(log).equals(before)).toBe(true);
  });
});
