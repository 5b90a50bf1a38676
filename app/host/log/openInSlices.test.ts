// Opening an MCAP export in slices: the event loop turns between records (counted, not timed), the frames are
// those of a synchronous open, and the source opened ahead is the one `sl`'s openFrameSource then takes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogFile } from './LogFile';
import { loadMcapDecompression, McapFrameSource } from './McapFrameSource';
import { chunksOf, rawFramesMcap } from './mcap/testing/hostileMcap';
import { openFrameSource } from './openFrameSource';
import { keepPrepared, openFrameSourceInSlices, takePrepared } from './openInSlices';
import type { FrameSource } from './FrameSource';
import { writeDemoLog } from './testing/demoLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-slices-'));
const logPath = path.join(dir, 'demo.log');
const mcapPath = path.join(dir, 'demo.mcap');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await loadMcapDecompression();
  writeDemoLog(logPath, 40);
  fs.writeFileSync(mcapPath, await rawFramesMcap(logPath, 8, true));
});

describe('opening in slices', () => {
  it('gives the event loop a turn between records and reads the same frames as a synchronous open', async () => {
    let turns = 0;
    const sliced = await openFrameSourceInSlices(mcapPath, {
      sliceMs: 0,
      turn: async () => {
        turns++;
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const whole = McapFrameSource.open(mcapPath);
    expect(turns).toBeGreaterThanOrEqual(chunksOf(fs.readFileSync(mcapPath)).length);
    expect(sliced.frameCount).toBe(whole.frameCount);
    expect(sliced.readFrame(sliced.frameCount - 1)).toEqual(whole.readFrame(whole.frameCount - 1));
  });

  it('lets timers and I/O callbacks run while it reads', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const started = ticks;
    await openFrameSourceInSlices(mcapPath, { sliceMs: 0 });
    clearInterval(ticker);
    expect(ticks - started).toBeGreaterThan(0);
  });

  it('opens a B-Human log as a LogFile', async () => {
    const log = await openFrameSourceInSlices(logPath);
    expect(log).toBeInstanceOf(LogFile);
    log.close();
  });

  it('hands the source opened ahead to the next openFrameSource of the file, unless the file changed', async () => {
    const ahead = await openFrameSourceInSlices(mcapPath);
    keepPrepared(mcapPath, ahead);
    expect(openFrameSource(mcapPath)).toBe(ahead);
    expect(openFrameSource(mcapPath)).not.toBe(ahead); // taken once

    const again = await openFrameSourceInSlices(mcapPath);
    keepPrepared(mcapPath, again);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(mcapPath, later, later);
    const fresh = openFrameSource(mcapPath);
    expect(fresh).not.toBe(again);
    expect(fresh.frameCount).toBe(again.frameCount);
  });

  it('keeps one source ahead, and only for a while: an sl that never comes does not hold it forever', async () => {
    const closed: string[] = [];
    const watched = async (label: string): Promise<FrameSource> => {
      const source = await openFrameSourceInSlices(mcapPath);
      const close = source.close.bind(source);
      source.close = () => {
        closed.push(label);
        close();
      };
      return source;
    };
    const copy = path.join(dir, 'copy.mcap');
    fs.copyFileSync(mcapPath, copy);
    keepPrepared(mcapPath, await watched('first'));
    keepPrepared(copy, await watched('second'));
    expect(closed).toEqual(['first']); // at most one is kept
    expect(takePrepared(mcapPath)).toBeUndefined();

    keepPrepared(copy, await watched('third'), 0);
    expect(closed).toEqual(['first', 'second']);
    await new Promise((resolve) => setTimeout(resolve, 1)); // the timer that drops it runs first
    expect(closed).toEqual(['first', 'second', 'third']);
    expect(takePrepared(copy)).toBeUndefined();
  });
});
