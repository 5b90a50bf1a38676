// The game timeline of a three-robot game recorded headless (scenes/Tests/Trio.ros3, seed 1: robot2 scores after
// about 78 s): its kick-off and goal markers are where the recorded GameController packets change the state from set
// to playing and the score, on the game clock, and the team messages per second add up to the recorded ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameState } from '@robot-runtime/protocol/gameController/gameControlData';
import { runSim } from '../cli/sim';
import { ConsoleController } from '../console/ConsoleController';
import { NodeFiles } from '../console/nodeFiles';
import { GAME_RECORDING_FILE, readGameRecording } from './gameRecordingFormat';
import { LogFile } from './LogFile';
import { logCommands } from './logCommands';
import { logSession } from './LogSession';
import { CONFIG_ROOT } from './testing/InProcessRobot';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-game-timeline-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const lines: string[] = [];
  const scene = path.join(root, 'scenes/Tests/Trio.ros3');
  const code = await runSim({ scene, duration: 85, speed: 'max', seed: 1, progress: 0, record: dir }, (l) =>
    lines.push(l),
  );
  expect(code, lines.join('\n')).toBe(0);
  expect(lines.join('\n')).toMatch(/score: team 5 1 : 0 team 70/);
}, 600_000);

describe('the game timeline of a recorded game', () => {
  it("shows the recording's kick-offs and goals at their game times, and its team messages", async () => {
    const recordingFile = LogFile.open(path.join(dir, GAME_RECORDING_FILE));
    const recording = readGameRecording(recordingFile);
    recordingFile.close();
    const kickOffs: number[] = [];
    const goals: number[] = [];
    recording.packets.forEach(({ time, data }, i) => {
      const before = recording.packets[i - 1]?.data;
      if (before?.state === GameState.set && data.state === GameState.playing) kickOffs.push(time);
      if (before && data.teams.some((t, k) => t.score > before.teams[k]!.score)) goals.push(time);
    });
    expect(kickOffs.length).toBeGreaterThanOrEqual(1);
    expect(goals).toHaveLength(1);

    const controller = new ConsoleController({ files: new NodeFiles() });
    controller.commands.register(logCommands(controller, { configRoot: CONFIG_ROOT, now: () => 0 }));
    controller.execute(`sml ${dir}`);
    await controller.settled();
    const game = logSession(controller.robotConsole('robot2')!).game!;
    const timeline = game.timeline();
    expect(timeline.markers.filter((m) => m.kind === 'kickOff').map((m) => m.time)).toEqual(kickOffs);
    expect(timeline.markers.filter((m) => m.kind === 'goal').map((m) => m.time)).toEqual(goals);
    expect(timeline.markers.find((m) => m.kind === 'goal')!.label).toBe('goal team 5 (1:0)');
    expect(timeline.markers.find((m) => m.kind === 'kickOff')!.label).toMatch(/^kick-off team (5|70)$/);
    expect(timeline.teamMessages.counts.reduce((a, b) => a + b, 0)).toBe(recording.teamMessages.length);
    expect(timeline.method).toBe('gameController');
    // A click on the goal marker seeks every robot there.
    game.clock.seek(goals[0]!);
    for (const m of game.clock.members)
      expect(m.times.timeOf(m.player.current) - m.offset).toBeLessThanOrEqual(goals[0]!);
    game.dispose();
  }, 120_000);
});
