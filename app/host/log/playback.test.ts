// Typed playback on real players over a demo log: group actions reach every log opened together (sml), frame
// actions only the robot's own player, as the log commands do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogFile } from './LogFile';
import { LogPlayer } from './LogPlayer';
import { applyPlayback } from './playback';
import { writeDemoLog } from './testing/demoLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-playback-'));
const file = path.join(dir, 'demo.log');
writeDemoLog(file, 20);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('applyPlayback', () => {
  it('plays, pauses, loops and sets the speed of the whole group; seeks and steps only its own player', () => {
    const logs = [LogFile.open(file), LogFile.open(file)];
    const [own, other] = logs.map((log) => new LogPlayer(log, () => undefined)) as [LogPlayer, LogPlayer];
    const group = [own, other];
    applyPlayback(own, group, { kind: 'play' });
    expect(group.map((p) => p.state)).toEqual(['playing', 'playing']);
    applyPlayback(own, group, { kind: 'speed', speed: 'max' });
    applyPlayback(own, group, { kind: 'loop', loop: true });
    expect(group.map((p) => [p.speed, p.loop])).toEqual([
      ['max', true],
      ['max', true],
    ]);
    applyPlayback(own, group, { kind: 'seek', frame: 50 });
    expect([own.current, own.state, other.current, other.state]).toEqual([50, 'paused', -1, 'playing']);
    applyPlayback(own, group, { kind: 'step', frames: -10 });
    expect(own.current).toBe(40);
    applyPlayback(own, group, { kind: 'stepImage', direction: 1 });
    expect([own.current, own.file.isImageFrame(own.current)]).toEqual([42, true]);
    applyPlayback(own, group, { kind: 'stop' });
    expect(group.map((p) => [p.state, p.current])).toEqual([
      ['stopped', -1],
      ['stopped', -1],
    ]);
    // Without a group (sl), the robot's own player is the group.
    applyPlayback(other, [], { kind: 'play' });
    expect([own.state, other.state]).toEqual(['stopped', 'playing']);
    for (const log of logs) log.close();
  });
});
