/**
 * @file The fuzz target for MCAP replay: each input is written to a file and opened with openFrameSource, as `sl`
 * opens it, and every frame is read. Seeds are real exports of a short demo log (the full foxglove export with
 * its image channels, and the raw frames alone in uncompressed and in zstd chunks); the crafted inputs are issue
 * 41's attacks (a chunk of empty frames, zstd data larger than declared, a chunk declaring too much, chunks of
 * zeros). Seeds need asynchronous work (the zstd module, the export), done once by `prepare`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrameSource } from '../log/FrameSource';
import { LogFile } from '../log/LogFile';
import { loadMcapDecompression } from '../log/McapFrameSource';
import { exportMcap } from '../log/mcapExport';
import { openFrameSource } from '../log/openFrameSource';
import { McapReplayError, MAX_CHUNK_BYTES } from '../log/mcap/replayFrames';
import {
  emptyFrameMessages,
  insertAfterFirstChunk,
  RAW_CHANNEL,
  rawFramesMcap,
  zstdChunk,
} from '../log/mcap/testing/hostileMcap';
import { writeDemoLog } from '../log/testing/demoLog';
import type { FuzzTarget } from './FuzzTarget';

let dir: string | undefined;
let seeds: Uint8Array[] | undefined;
let crafted: Uint8Array[] | undefined;

/** Where each input is written. */
function inputPath(): string {
  if (!dir) throw new Error('the MCAP target is not prepared (prepareFuzzTargets)');
  return path.join(dir, 'input.mcap');
}

async function prepare(): Promise<void> {
  if (seeds) return;
  await loadMcapDecompression();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-fuzz-mcap-'));
  const tmp = dir;
  process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const logPath = path.join(dir, 'demo.log');
  writeDemoLog(logPath, 4);
  const full = path.join(dir, 'demo.mcap');
  const log = LogFile.open(logPath);
  await exportMcap(log, full);
  log.close();
  const plain = await rawFramesMcap(logPath, 4, false);
  const zstd = await rawFramesMcap(logPath, 3, true);
  seeds = [fs.readFileSync(full), plain, zstd];
  const zeros = zstdChunk(new Uint8Array(MAX_CHUNK_BYTES));
  crafted = [
    insertAfterFirstChunk(zstd, zstdChunk(emptyFrameMessages(700_000, RAW_CHANNEL))),
    insertAfterFirstChunk(zstd, zstdChunk(new Uint8Array(200 * 2 ** 20), 1024)),
    insertAfterFirstChunk(zstd, zstdChunk(new Uint8Array(16), MAX_CHUNK_BYTES + 1)),
    insertAfterFirstChunk(zstd, Buffer.concat([zeros, zeros, zeros, zeros])),
  ];
}

/** MCAP replay as `sl` does it. */
export const mcapReplayTarget: FuzzTarget = {
  name: 'MCAP replay',
  drives: 'openFrameSource on an MCAP file (what sl opens: chunks, raw frames, images put back, index) and readFrame',
  prepare,
  seeds: () => {
    if (!seeds) throw new Error('the MCAP target is not prepared (prepareFuzzTargets)');
    return seeds;
  },
  crafted: () => crafted ?? [],
  run(input) {
    const file = inputPath();
    fs.writeFileSync(file, input);
    // A mutated magic makes it a B-Human log, which is what `sl` then opens.
    const source: FrameSource = openFrameSource(file);
    try {
      const frames = Array.from({ length: Math.min(source.frameCount, 10_000) }, (_, i) => source.readFrame(i));
      return [source.problems, frames];
    } finally {
      source.close();
    }
  },
  expected: [McapReplayError],
};
