import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { testFrame, testLog } from '@robot-runtime/protocol/log/testLogs';
import { buildLog, frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { MessageID, messageIdNames, numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes } from '@robot-runtime/protocol/typeInfo/fromTypes';
import { typeInfoToBytes } from '@robot-runtime/protocol/typeInfo/stream';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { runLogCli } from '../cli/log';
import { LogFile } from './LogFile';
import { LogPlayer } from './LogPlayer';
import { collectTimelineMarkers } from './timelineMarkers';
import { readMcap } from './mcap/testing/readMcap';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-logtools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function testFramesBytes(n: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => testFrame(i)).map((f) => frameBytes(f.thread, f.messages));
}

function writeTestLog(name: string, frames: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, testLog(frames));
  return file;
}

describe('LogPlayer', () => {
  const file = LogFile.open(writeTestLog('player.log', 300));
  const played: number[] = [];
  const player = new LogPlayer(file, (f) => played.push(f.index));

  it('steps, seeks through image frames and repeats', () => {
    player.forward();
    player.forward();
    expect(played).toEqual([0, 1]);
    played.length = 0;
    player.goto(150);
    // From the second image frame before 150 (image frames: Upper frames with even numbers: 144, 138) up to 150.
    expect(played[0]).toBe(138);
    expect(played.at(-1)).toBe(150);
    expect(player.current).toBe(150);
    played.length = 0;
    player.nextImage();
    expect(played).toEqual([151, 152, 153, 154, 155, 156]);
    player.previousImage();
    expect(player.current).toBe(150);
    player.backward(100);
    expect(player.current).toBe(50);
    played.length = 0;
    player.repeat();
    expect(played).toEqual([50]);
    player.forward(100);
    expect(player.current).toBe(150);
  });

  it('plays by FrameInfo time at a speed, loops, and stops before frame 0', () => {
    player.stop();
    expect(player.current).toBe(-1);
    player.setSpeed(2);
    player.play();
    player.tick(0);
    // Test frames carry FrameInfo time = frame number (ms): at 2× speed, 10 ms of wall time play 20 more frames.
    expect(player.current).toBe(0);
    player.tick(10);
    expect(player.current).toBe(20);
    player.setSpeed('max');
    player.setLoop(true);
    for (let t = 0; t < 10 && player.current !== 299; t++) player.tick(100 + t);
    player.tick(200);
    expect(player.state).toBe('playing');
    expect(player.current).toBeLessThan(299); // wrapped around
    player.setLoop(false);
    for (let t = 0; t < 10; t++) player.tick(300 + t);
    expect(player.state).toBe('paused');
    expect(player.current).toBe(299);
    player.setSpeed(100);
    expect(player.speed).toBe(10);
  });

  it('lists annotations as timeline markers', () => {
    const markers = collectTimelineMarkers(file);
    expect(
      markers
        .filter((m) => m.kind === 'annotation')
        .map((m) => m.frame)
        .slice(0, 3),
    ).toEqual([4, 14, 24]);
  });
});

const quiet = { out: () => {}, err: () => {} };

describe('npm run log', () => {
  it('info prints frames, threads and per-message statistics', async () => {
    const lines: string[] = [];
    expect(await runLogCli(['info', writeTestLog('info.log', 30)], { out: (l) => lines.push(l), err: () => {} })).toBe(
      0,
    );
    const text = lines.join('\n');
    expect(text).toMatch(/frames: 30 \(5 with images\)/);
    expect(text).toMatch(/Upper \(10 frames\)/);
    expect(text).toMatch(/idCameraImage/);
    expect(text).toMatch(/duration: 0\.029 s/);
  });

  it('keeps a trailing incomplete frame: counted in the statistics, kept by index, reported by info', async () => {
    const full = writeTestLog('trailing-full.log', 12);
    const open = LogFile.open(full);
    const { bodyStart, index } = open.log;
    // Cut inside frame 10 (Cognition: FrameBegin, FrameInfo, BallModel, …) just after its second complete message.
    const frame10 = open.readFrame(10);
    open.close();
    const beginSize = 4 + 4 + 'Cognition'.length;
    const keptMessages = [frame10.messages[0]!, frame10.messages[1]!].map((m) => 4 + m.payload.length);
    const cutAt = bodyStart + index.frameOffsets[10]! + beginSize + keptMessages[0]! + keptMessages[1]! + 3;
    const cut = path.join(dir, 'trailing.log');
    fs.writeFileSync(cut, fs.readFileSync(full).subarray(0, cutAt));

    const scanned = LogFile.open(cut);
    expect(scanned.frameCount).toBe(10);
    expect(scanned.log.trailing).toEqual({
      thread: 'Cognition',
      messages: 3,
      bytes: beginSize + keptMessages[0]! + keptMessages[1]!,
    });
    const cognition = scanned.log.index.threads.find((t) => t.thread === 'Cognition')!;
    // Frames 1, 4, 7 complete, frame 10 begun: four FrameBegins, three FrameFinisheds.
    expect([cognition.counts[MessageID.idFrameBegin], cognition.counts[MessageID.idFrameFinished]]).toEqual([4, 3]);
    scanned.close();

    expect(await runLogCli(['index', cut], { out: () => {}, err: () => {} })).toBe(0);
    const indexed = LogFile.open(cut);
    expect(indexed.log.indexSource).toBe('file');
    expect(indexed.frameCount).toBe(10);
    // Only the 3 bytes of the cut-off message went; the trailing frame's complete messages stay in the file.
    expect(indexed.log.dataSize).toBe(cutAt - 3 - bodyStart);
    expect(indexed.log.trailing).toEqual(scanned.log.trailing);
    indexed.close();
    const lines: string[] = [];
    expect(await runLogCli(['info', cut], { out: (l) => lines.push(l), err: () => {} })).toBe(0);
    expect(lines.join('\n')).toMatch(
      /incomplete last frame: 3 messages \(\d+ bytes\) of Cognition after the last complete frame, kept in the file and counted in the statistics/,
    );
  });

  it('index writes the index of a log that has none; trim keeps a frame range and ids', async () => {
    const full = writeTestLog('full.log', 40);
    const bytes = fs.readFileSync(full);
    const open = LogFile.open(full);
    const cut = path.join(dir, 'cut.log');
    fs.writeFileSync(cut, bytes.subarray(0, open.log.bodyStart + open.log.index.frameOffsets[20]! + 5));
    open.close();
    expect(await runLogCli(['index', cut], quiet)).toBe(0);
    const indexed = LogFile.open(cut);
    expect(indexed.log.indexSource).toBe('file');
    expect(indexed.frameCount).toBe(20);
    indexed.close();
    const trimmed = path.join(dir, 'trimmed.log');
    expect(await runLogCli(['trim', full, trimmed, 'between', '10', '19', '--remove', 'idCameraImage'], quiet)).toBe(0);
    const t = LogFile.open(trimmed);
    expect(t.frameCount).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => t.isImageFrame(i)).some(Boolean)).toBe(false);
    t.close();
  });

  it('export --mcap writes an MCAP file with one channel per thread and message', async () => {
    const out = path.join(dir, 'out.mcap');
    const image = { width: 4, height: 2, timestamp: 1500, image: new Uint8Array(32).fill(128) }; // 4 YUYV pixel pairs per row
    const frames = Array.from({ length: 10 }, (_, i) =>
      frameBytes('Upper', [
        { id: MessageID.idFrameInfo, payload: encode(FrameInfo, { time: 1000 + i * 33 }) },
        { id: MessageID.idCameraImage, payload: encode(CameraImage, image) },
      ]),
    );
    frames.push(...testFramesBytes(12));
    const log = path.join(dir, 'export.log');
    fs.writeFileSync(
      log,
      buildLog(
        {
          idNames: messageIdNames.slice(0, numOfDataMessageIDs),
          typeInfo: typeInfoToBytes(typeInfoFromTypes([FrameInfo, CameraImage])),
        },
        frames,
      ).bytes,
    );
    const lines: string[] = [];
    expect(await runLogCli(['export', '--mcap', out, log], { out: (l) => lines.push(l), err: () => {} })).toBe(0);
    const mcap = await readMcap(out);
    const topics = new Set(mcap.messages.map((m) => m.topic));
    expect(lines.join('\n')).toMatch(/skipped: .*BallModel \(undecodable\).*CameraImage/);
    expect(topics).toContain('/Upper/image');
    expect(topics).toContain('/log');
    const messages = mcap.messages.length;
    expect(messages).toBeGreaterThanOrEqual(20);

    // The other commands take logs: given the MCAP file they point at `sl` and the MCAP tools (issue 41, 8).
    for (const args of [
      ['info', out],
      ['index', out],
      ['export', out, '--mcap', path.join(dir, 'again.mcap')],
    ]) {
      const err: string[] = [];
      expect(await runLogCli(args, { out: () => {}, err: (l) => err.push(l) }), args[0]).toBe(2);
      expect(err.join('\n')).toContain(
        `${out} is an MCAP file, not a B-Human log: replay it with \`sl <name> ${out}\``,
      );
      expect(err.join('\n')).toContain('MCAP tools');
      expect(err.join('\n')).not.toMatch(/unknown log chunk id/);
    }
  });
});
