// The MCAP frame source against the real exporter: a demo log (real log writer) exported to MCAP and opened again
// gives the same frames, index, header and timeline; a zstd-compressed export opens too; foreign MCAP files are
// refused with a message; one damaged outside its frames replays them (damaged chunks: replayFrames.hostile.test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { McapWriter } from '@mcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { exportMcap } from './mcapExport';
import { LogFile } from './LogFile';
import { logHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import {
  addRawFrameChannel,
  RAW_FRAMES_ENCODING_WHOLE,
  RAW_FRAMES_SCHEMA_ENCODING,
  RAW_FRAMES_SCHEMA_NAME,
  RAW_FRAMES_TOPIC,
} from './mcapRawFrames';
import { loadMcapDecompression, McapFrameSource } from './McapFrameSource';
import { openFrameSource } from './openFrameSource';
import { writeDemoLog } from './testing/demoLog';
import { MemoryWritable } from './mcap/testing/hostileMcap';
import { CONFIG_ROOT } from './testing/InProcessRobot';
import { replayLog } from './testing/replayLog';
import { collectTimelineMarkers } from './timelineMarkers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-source-'));
const logPath = path.join(dir, 'demo.log');
const mcapPath = path.join(dir, 'demo.mcap');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await loadMcapDecompression(); // the export's chunks are zstd-compressed
  writeDemoLog(logPath, 40);
  const log = LogFile.open(logPath);
  await exportMcap(log, mcapPath);
  log.close();
});

/** A frame as comparable data. */
const frameData = (f: LogFrame) => ({
  thread: f.thread,
  image: f.image,
  error: f.error?.message,
  messages: f.messages.map((m) => ({ id: m.id, payload: Buffer.from(m.payload).toString('hex') })),
});

/** Writes an MCAP of `log`'s raw frames only, its chunks compressed with `compressChunk`. */
async function writeRawOnly(
  log: LogFile,
  out: string,
  compressChunk?: (data: Uint8Array) => { compression: string; compressedData: Uint8Array },
): Promise<void> {
  const writable = new MemoryWritable();
  const writer = new McapWriter({
    writable,
    useChunks: true,
    chunkSize: 64 * 1024,
    ...(compressChunk ? { compressChunk } : {}),
  });
  await writer.start({ profile: '', library: 'test' });
  const raw = await addRawFrameChannel(writer, log.log);
  for (let i = 0; i < log.frameCount; i++) await raw.write(i, BigInt(i) * 1_000_000n);
  await writer.end();
  fs.writeFileSync(out, Buffer.concat(writable.parts));
}

describe('McapFrameSource', () => {
  it('gives the frames, index, header and timeline of the exported log', () => {
    const log = LogFile.open(logPath);
    const mcap = openFrameSource(mcapPath);
    expect(mcap).toBeInstanceOf(McapFrameSource);
    expect(mcap.format).toBe('MCAP');
    expect(mcap.problems).toEqual([]);
    expect(mcap.frameCount).toBe(log.frameCount);
    expect(mcap.threads).toEqual(log.threads);
    expect(mcap.log.settings).toEqual(log.log.settings);
    expect(mcap.log.idNames).toEqual(log.log.idNames);
    expect([...(mcap.typeInfo?.classes.keys() ?? [])]).toEqual([...(log.typeInfo?.classes.keys() ?? [])]);
    expect(mcap.log.index.annotations).toEqual(log.log.index.annotations);
    expect([...mcap.log.index.imageFrames]).toEqual([...log.log.index.imageFrames]);
    for (let i = 0; i < log.frameCount; i++) {
      expect(frameData(mcap.readFrameTransient(i))).toEqual(frameData(log.readFrame(i)));
      expect(mcap.isImageFrame(i)).toBe(log.isImageFrame(i));
    }
    expect(collectTimelineMarkers(mcap)).toEqual(collectTimelineMarkers(log));
    mcap.close();
    log.close();
  });

  it('replays through sl as the log does: the same representations provided and recomputed, all equal to the log', async () => {
    const fromLog = await replayLog(logPath, { configRoot: CONFIG_ROOT });
    const fromMcap = await replayLog(mcapPath, { configRoot: CONFIG_ROOT });
    expect(fromMcap.robot.file.format).toBe('MCAP');
    expect(fromMcap.robot.player.current).toBe(fromLog.robot.player.current);
    expect(fromMcap.provided).toEqual(fromLog.provided);
    expect(fromMcap.recomputed).toEqual(fromLog.recomputed);
    expect(fromMcap.different).toEqual([]);
    expect(fromMcap.provided.get('CameraImage')).toBe(80);
  });

  it('opens a B-Human log as a LogFile', () => {
    const source = openFrameSource(logPath);
    expect(source).toBeInstanceOf(LogFile);
    expect(source.format).toBe('B-Human log');
    source.close();
  });

  it('reads the first exports, whose raw frames carry their images (encoding bhuman-queue)', async () => {
    const log = LogFile.open(logPath);
    const writable = new MemoryWritable();
    const writer = new McapWriter({ writable, useChunks: true, chunkSize: 64 * 1024 });
    await writer.start({ profile: '', library: 'pitchside' });
    const schemaId = await writer.registerSchema({
      name: RAW_FRAMES_SCHEMA_NAME,
      encoding: RAW_FRAMES_SCHEMA_ENCODING,
      data: logHeaderBytes({
        settings: log.log.settings,
        idNames: log.log.idNames,
        typeInfo: log.log.header.typeInfoBytes,
      }),
    });
    const channelId = await writer.registerChannel({
      topic: RAW_FRAMES_TOPIC,
      schemaId,
      messageEncoding: RAW_FRAMES_ENCODING_WHOLE,
      metadata: new Map(),
    });
    for (let i = 0; i < log.frameCount; i++) {
      const time = BigInt(i) * 1_000_000n;
      await writer.addMessage({
        channelId,
        sequence: i,
        logTime: time,
        publishTime: time,
        data: log.readFrame(i).bytes!,
      });
    }
    await writer.end();
    const out = path.join(dir, 'first-form.mcap');
    fs.writeFileSync(out, Buffer.concat(writable.parts));
    const mcap = McapFrameSource.open(out);
    expect(mcap.frameCount).toBe(log.frameCount);
    for (let i = 0; i < log.frameCount; i++) expect(frameData(mcap.readFrame(i))).toEqual(frameData(log.readFrame(i)));
    log.close();
  });

  it('reads zstd-compressed chunks', async () => {
    const zstd = await import('@bokuweb/zstd-wasm');
    const log = LogFile.open(logPath);
    const out = path.join(dir, 'zstd.mcap');
    await writeRawOnly(log, out, (data) => ({ compression: 'zstd', compressedData: zstd.compress(data, 3) }));
    const mcap = McapFrameSource.open(out);
    expect(mcap.frameCount).toBe(log.frameCount);
    expect(frameData(mcap.readFrame(log.frameCount - 1))).toEqual(frameData(log.readFrame(log.frameCount - 1)));
    log.close();
  });

  it('refuses an MCAP without raw frames, saying why, and replays one damaged elsewhere', async () => {
    const foreign = path.join(dir, 'foreign.mcap');
    const writable = new MemoryWritable();
    const writer = new McapWriter({ writable });
    await writer.start({ profile: '', library: 'other' });
    await writer.end();
    fs.writeFileSync(foreign, Buffer.concat(writable.parts));
    expect(() => McapFrameSource.open(foreign)).toThrow(
      /no \/bhuman\/frames channel: only MCAP files exported by Pitchside/,
    );
    const bytes = fs.readFileSync(mcapPath);
    const damaged = path.join(dir, 'damaged.mcap');
    // Bytes before the frames overwritten (a schema's): the frames all replay (damaged chunks: replayFrames.test.ts).
    fs.writeFileSync(damaged, Buffer.concat([bytes.subarray(0, 200), Buffer.alloc(64, 0xab), bytes.subarray(264)]));
    const opened = McapFrameSource.open(damaged);
    const log = LogFile.open(logPath);
    expect(opened.frameCount).toBe(log.frameCount);
    log.close();
    expect(opened.problems).toEqual([]);
    const cut = path.join(dir, 'cut.mcap');
    fs.writeFileSync(cut, bytes.subarray(0, 64));
    expect(() => McapFrameSource.open(cut)).toThrow(/cut\.mcap: the MCAP file is cut off before its raw frames/);
  });

  it('replays the complete chunks of an MCAP file that is cut off', async () => {
    const log = LogFile.open(logPath);
    const small = path.join(dir, 'small-chunks.mcap');
    await writeRawOnly(log, small);
    const bytes = fs.readFileSync(small);
    const cut = path.join(dir, 'cut-small.mcap');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const mcap = McapFrameSource.open(cut);
    expect(mcap.frameCount).toBeGreaterThan(0);
    expect(mcap.frameCount).toBeLessThan(log.frameCount);
    expect(mcap.problems[0]).toMatch(/cut off: the \d+ frames before the cut are replayed/);
    expect(frameData(mcap.readFrame(mcap.frameCount - 1))).toEqual(frameData(log.readFrame(mcap.frameCount - 1)));
    log.close();
  });
});
