// A recording made the default way (only `log start` / `log stop`, no `dr` typed) replays at the pace it was
// recorded: the recorder has the robot stream FrameInfo, and the player paces every frame by that time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { MemoryFiles } from '../console/files';
import { frameTimeOf } from './frameTime';
import { LogFile } from './LogFile';
import { LogPlayer } from './LogPlayer';
import { InProcessRobot } from './testing/InProcessRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-pacing-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Records `ms` of simulated time with nothing but `log start` / `log stop`; returns the saved file. */
function recordDefault(ms: number): string {
  const robot = new InProcessRobot('recorder');
  const output: string[] = [];
  const controller = new ConsoleController({ files: new MemoryFiles() });
  controller.on('output', (o) => output.push(o.text));
  controller.commands.register([logCommand]);
  controller.addRobot(robot.console);
  robot.run(500); // polling
  controller.execute('log start');
  robot.run(ms);
  controller.execute('log stop');
  const file = path.join(dir, `default-${ms}.log`);
  controller.execute(`log save ${file}`);
  expect(output.filter((l) => l.startsWith('Error') || l.startsWith('Syntax'))).toEqual([]);
  // The recorder switched FrameInfo off again: nobody asked for it.
  expect(robot.console.isRequestOn('representation:FrameInfo')).toBe(false);
  return file;
}

describe('pacing a default recording', () => {
  it('gives every recorded frame its own time and plays them at 1x by the wall clock', () => {
    const log = LogFile.open(recordDefault(3000));
    expect(log.frameCount).toBeGreaterThan(100);
    const times = Array.from({ length: log.frameCount }, (_, i) => frameTimeOf(log.readFrame(i), log.typeInfo));
    expect(times.every((t) => t !== undefined)).toBe(true);
    const first = times[0]!;
    const span = times.at(-1)! - first;
    expect(span).toBeGreaterThan(2800);

    let delivered = -1;
    const player = new LogPlayer(log, (f) => (delivered = f.index));
    player.setSpeed(1);
    player.play();
    // A wall clock in 10 ms ticks: whatever has been played is never ahead of the wall clock, and at most one
    // tick behind it.
    for (let wall = 0; player.state === 'playing' && wall <= span + 100; wall += 10) {
      player.tick(wall);
      const played = times[delivered]! - first;
      expect(played).toBeLessThanOrEqual(wall);
      if (delivered < log.frameCount - 1) expect(times[delivered + 1]! - first).toBeGreaterThan(wall);
    }
    expect(player.current).toBe(log.frameCount - 1);
    // At 0.1x the first half second of the log takes five seconds of wall time.
    const slow = new LogPlayer(log, (f) => (delivered = f.index));
    slow.setSpeed(0.1);
    slow.play();
    slow.tick(0);
    slow.tick(5000);
    expect(times[delivered]! - first).toBeLessThanOrEqual(500);
    expect(times[delivered]! - first).toBeGreaterThan(450);
    log.close();
  });

  it('takes as long as the recording on the real clock', async () => {
    const log = LogFile.open(recordDefault(1000));
    const times = Array.from({ length: log.frameCount }, (_, i) => frameTimeOf(log.readFrame(i), log.typeInfo)!);
    const span = times.at(-1)! - times[0]!;
    const player = new LogPlayer(log, () => {});
    player.setSpeed(1);
    player.play();
    // The ticks' clock readings, not the time the loop took: on a loaded machine the ticks come late and far
    // apart, but the player must still end on the first tick at which the recording's span has passed.
    const ticks: number[] = [];
    while (player.state === 'playing') {
      ticks.push(performance.now());
      player.tick(ticks.at(-1)!);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(span).toBeGreaterThan(900);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.at(-1)! - ticks[0]!).toBeGreaterThanOrEqual(span);
    expect(ticks.at(-2)! - ticks[0]!).toBeLessThan(span);
    expect(player.current).toBe(log.frameCount - 1);
    log.close();
  });
});
