// A log whose cameras sent JPEGImage (as B-Human's robots do to save bandwidth), written with the real log writer:
// the export carries each JPEG as a foxglove.CompressedImage (format jpeg, its bytes as logged) that
// @foxglove/schemas accepts, counts none as skipped, and the raw-frames channel refers to the image message
// instead of repeating the JPEG, so the MCAP replays the log's frames byte for byte.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAND_WRITTEN_STREAMS, type JpegImageValue } from '@robot-runtime/protocol/binary/codecs/handWritten';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { OutBinary } from '@robot-runtime/protocol/binary/OutBinary';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { LogFile } from '../LogFile';
import { exportMcap, type McapExportResult } from '../mcapExport';
import { RAW_FRAMES_TOPIC } from '../mcapRawFrames';
import { loadMcapDecompression, McapFrameSource } from '../McapFrameSource';
import { saveLog } from '../saveLog';
import { decodeMessage, foxgloveProblems, readMcap, type ReadMcap } from './testing/readMcap';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-jpeg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const logPath = path.join(dir, 'jpeg.log');
const mcapPath = path.join(dir, 'jpeg.mcap');
const FRAMES = 20;

/** JPEG-like bytes of frame `i`: start and end markers around data that differ per frame (large enough to be
 *  written after the other Protobuf fields). */
function jpegBytes(i: number): Uint8Array {
  const bytes = new Uint8Array(6000 + i);
  for (let k = 0; k < bytes.length; k++) bytes[k] = (k * 13 + i) & 0xff;
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

function jpegMessage(i: number): Uint8Array {
  const image = jpegBytes(i);
  const value: JpegImageValue = { width: 320, height: 240, timestamp: 1000 + i * 33, size: image.length, image };
  const out = new OutBinary();
  HAND_WRITTEN_STREAMS.get('JPEGImage')!.codec.write(out, value);
  return out.toBytes().slice();
}

let result: McapExportResult;
let read: ReadMcap;
beforeAll(async () => {
  await loadMcapDecompression();
  const typeInfo = typeInfoToBytes(typeInfoFromTypes(allRepresentations as unknown as AnyType[]));
  const frames = Array.from({ length: FRAMES }, (_, i) =>
    frameBytes('Upper', [
      { id: MessageID.idFrameInfo, payload: encode(FrameInfo as TypeRef<unknown>, { time: 1000 + i * 33 } as never) },
      { id: MessageID.idJPEGImage, payload: jpegMessage(i) },
    ]),
  );
  saveLog(
    logPath,
    {
      settings: { headName: 'Nao', bodyName: 'Nao', playerNumber: 1, location: 'Default', scenario: 'Default' },
      typeInfo,
    },
    frames,
  );
  const log = LogFile.open(logPath);
  result = await exportMcap(log, mcapPath);
  log.close();
  read = await readMcap(mcapPath);
});

describe('MCAP export of JPEG images', () => {
  it('writes every JPEGImage as a foxglove.CompressedImage with its bytes and format jpeg', () => {
    const images = read.messages.filter((m) => m.topic === '/Upper/image');
    expect(images).toHaveLength(FRAMES);
    expect(new Set(images.map((m) => m.schemaName))).toEqual(new Set(['foxglove.CompressedImage']));
    images.forEach((m, i) => {
      const value = decodeMessage(m) as { format: string; frame_id: string; data: string };
      expect([value.format, value.frame_id]).toEqual(['jpeg', 'camera_upper']);
      expect(Buffer.from(value.data, 'base64').equals(Buffer.from(jpegBytes(i)))).toBe(true);
    });
    const { checked, problems } = foxgloveProblems(read.messages);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(FRAMES);
    expect([...result.skipped.keys()].filter((k) => k.startsWith('JPEGImage'))).toEqual([]);
  });

  it('keeps each JPEG once: the raw frames refer to the image messages and replay the log byte for byte', () => {
    const raw = read.messages.filter((m) => m.topic === RAW_FRAMES_TOPIC);
    expect(raw).toHaveLength(FRAMES);
    const rawBytes = raw.reduce((sum, m) => sum + m.data.length, 0);
    expect(rawBytes).toBeLessThan(FRAMES * 200);
    const log = LogFile.open(logPath);
    const mcap = McapFrameSource.open(mcapPath);
    expect(mcap.frameCount).toBe(FRAMES);
    for (let i = 0; i < FRAMES; i++) {
      expect(mcap.isImageFrame(i)).toBe(true);
      expect(Buffer.from(mcap.readFrame(i).bytes!).equals(Buffer.from(log.readFrame(i).bytes!))).toBe(true);
    }
    mcap.close();
    log.close();
  });
});
