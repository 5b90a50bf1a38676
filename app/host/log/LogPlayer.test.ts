import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { LogFile } from './LogFile';
import { LogPlayer } from './LogPlayer';
import { writeDemoLog } from './testing/demoLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-player-'));
const file = path.join(dir, 'demo.log');
writeDemoLog(file, 40);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The bytes of every message of a frame, concatenated (to compare a delivered frame with a fresh read). */
const payloads = (frame: LogFrame): Buffer => Buffer.concat(frame.messages.map((m) => Buffer.from(m.payload)));

describe('LogPlayer on transient reads', () => {
  it('reads the same frames transiently as with fresh buffers', () => {
    const log = LogFile.open(file);
    for (let i = 0; i < log.frameCount; i++)
      expect(payloads(log.readFrameTransient(i))).toEqual(payloads(log.readFrame(i)));
    log.close();
  });

  it('re-reads a frame it looked ahead at when another read reused the buffer in between', () => {
    const log = LogFile.open(file);
    const delivered: { index: number; bytes: Buffer }[] = [];
    const player = new LogPlayer(log, (f) => delivered.push({ index: f.index, bytes: payloads(f) }));
    player.goto(10);
    player.play();
    // Looks ahead at frame 11 (not yet due: real time), then `repeat` reads frame 10 into the same buffer.
    expect(player.tick(0)).toBe(1);
    expect(player.tick(0)).toBe(0);
    player.repeat();
    player.setSpeed('max');
    player.play();
    for (let i = 0; i < 100 && player.state === 'playing'; i++) player.tick(0);
    const fresh = new Map(Array.from({ length: log.frameCount }, (_, i) => [i, payloads(log.readFrame(i))]));
    for (const d of delivered) expect(d.bytes).toEqual(fresh.get(d.index));
    expect(player.current).toBe(log.frameCount - 1);
    log.close();
  });

  it('seeks into pause from stop, and a frame listener can pause playback mid-tick', () => {
    const log = LogFile.open(file);
    const player = new LogPlayer(log, () => {});
    expect(player.state).toBe('stopped');
    player.goto(50);
    expect([player.state, player.current]).toEqual(['paused', 50]);
    player.events.on('frame', (f) => f.index === 100 && player.pause());
    player.setSpeed('max');
    player.play();
    player.tick(0);
    expect([player.state, player.current]).toEqual(['paused', 100]);
    log.close();
  });
});

describe('LogPlayer restarts', () => {
  it('tells the sink before it plays from the first frame again, and only then', () => {
    const log = LogFile.open(file);
    const events: string[] = [];
    const player = new LogPlayer(log, (f) => f.index === 0 && events.push('frame 0'), {
      onRestart: () => events.push('restart'),
    });
    player.setSpeed('max');
    player.play();
    for (let i = 0; i < 100 && player.state === 'playing'; i++) player.tick(0);
    expect(events).toEqual(['frame 0']);
    // A goto in the middle keeps the sink's state (as B-Human's log player does).
    player.goto(Math.floor(log.frameCount / 2));
    player.backward();
    expect(events).toEqual(['frame 0']);
    // Playing after the end starts over from the first frame.
    player.goto(log.frameCount - 1);
    player.play();
    player.tick(0);
    expect(events).toEqual(['frame 0', 'restart', 'frame 0']);
    // So do a goto that replays from the first frame and stop.
    player.goto(1);
    player.stop();
    expect(events).toEqual(['frame 0', 'restart', 'frame 0', 'restart', 'frame 0', 'restart']);
    log.close();
  });
});
