/**
 * @file Opening a recording without holding up the IDE host: an MCAP file is read record by record
 * (mcap/replayFrames.ts yields after each) and the frames it holds are indexed a megabyte at a time (openLogSteps),
 * and the event loop gets a turn whenever a slice has run for `sliceMs`, so a large or hostile file never stops the
 * host from answering its windows. `sl` opens MCAP files so. File → Open log opens the file first to check it and
 * keeps the source for the `sl` that follows, which takes it instead of reading the file again; only one is kept,
 * for a minute at most. A B-Human log needs no slices: opening reads its header and index (or scans it once, or
 * finds its data behind a damaged header: linear work, measured in docs/reliability.md).
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { FileSource } from './FileSource';
import type { FrameSource } from './FrameSource';
import { LogFile, type LogFileOptions } from './LogFile';
import { isMcapFile, McapFrameSource } from './McapFrameSource';
import { readReplayFrames } from './mcap/replayFrames';

/** Options of openFrameSourceInSlices. */
export interface SliceOptions extends LogFileOptions {
  /** How long one slice may run before the event loop gets a turn (ms); 0 gives it a turn after every record. */
  sliceMs?: number;
  /** Gives the event loop a turn (default: resolve in the next check phase, after pending I/O). */
  turn?: () => Promise<void>;
}

/** A slice's length by default: far below the 100 ms the host may be held up. */
export const DEFAULT_SLICE_MS = 20;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Opens `path` as openFrameSource does, reading an MCAP file in slices (see the file comment). */
export async function openFrameSourceInSlices(path: string, options: SliceOptions = {}): Promise<FrameSource> {
  if (!isMcapFile(path)) return LogFile.open(path, options);
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const turn = options.turn ?? nextTurn;
  const file = FileSource.open(path);
  try {
    return await inSlices(
      (function* () {
        return yield* McapFrameSource.fromFrameSteps(path, yield* readReplayFrames(file, path));
      })(),
      sliceMs,
      turn,
    );
  } finally {
    file.close();
  }
}

/** Runs `steps` to their end, giving the event loop a turn whenever a slice has run for `sliceMs`. */
async function inSlices<T>(steps: Generator<void, T>, sliceMs: number, turn: () => Promise<void>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await turn();
      sliceStart = performance.now();
    }
  }
}

/** How long a source opened ahead waits for its `sl` before it is closed (ms). */
export const PREPARED_KEEP_MS = 60_000;

/** The one source opened ahead for the next openFrameSource of its path, with the file's size and time then. */
let prepared:
  { key: string; size: number; mtimeMs: number; source: FrameSource; timer: ReturnType<typeof setTimeout> } | undefined;

/**
 * Keeps `source`, opened from `path`, for the next openFrameSource(path). At most one is kept (a source kept before
 * is closed), and only for `keepMs`: a source whose `sl` never comes must not hold its frames forever.
 */
export function keepPrepared(path: string, source: FrameSource, keepMs = PREPARED_KEEP_MS): void {
  const stat = fs.statSync(path);
  dropPrepared();
  const timer = setTimeout(dropPrepared, keepMs);
  timer.unref?.(); // a kept source never keeps the process alive
  // `sl` may spell the same file differently: the resolved path is the key.
  prepared = { key: resolve(path), size: stat.size, mtimeMs: stat.mtimeMs, source, timer };
}

/** Closes the source kept ahead, if any. */
export function dropPrepared(): void {
  if (!prepared) return;
  clearTimeout(prepared.timer);
  prepared.source.close();
  prepared = undefined;
}

/** The source kept for `path`, if the file has not changed since (it is then the caller's); else undefined. */
export function takePrepared(path: string): FrameSource | undefined {
  const entry = prepared;
  if (!entry || entry.key !== resolve(path)) return undefined;
  clearTimeout(entry.timer);
  prepared = undefined;
  const stat = fs.statSync(path, { throwIfNoEntry: false });
  if (stat && stat.size === entry.size && stat.mtimeMs === entry.mtimeMs) return entry.source;
  entry.source.close();
  return undefined;
}
