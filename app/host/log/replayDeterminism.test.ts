// A replayed robot computes the same from the same frames, however often the log was played before: a log recorded
// through the console from a running robot (its self-localization grows less sure over time) is replayed once,
// twice in a row (as happens when `sl` already played to the end before `log start`), and from its MCAP export; the
// second pass computes exactly what the first did (the robot restarts at the first frame), and after `log goto` to
// the same frame all three hold the same RobotPose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { MemoryFiles } from '../console/files';
import { LogFile } from './LogFile';
import { exportMcap } from './mcapExport';
import { loadMcapDecompression } from './McapFrameSource';
import { openReplay } from './openReplay';
import { CONFIG_ROOT, InProcessRobot } from './testing/InProcessRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-replay-determinism-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const logPath = path.join(dir, 'recorded.log');
const mcapPath = path.join(dir, 'recorded.mcap');
let frames = 0;

beforeAll(async () => {
  await loadMcapDecompression();
  const robot = new InProcessRobot('recorder');
  const controller = new ConsoleController({ files: new MemoryFiles() });
  controller.commands.register([logCommand]);
  controller.addRobot(robot.console);
  robot.run(500);
  for (const r of ['FrameInfo', 'CameraInfo', 'CameraImage', 'GameState', 'JointSensorData', 'OdometryData'])
    controller.execute(`dr representation:${r}`);
  controller.execute('log start');
  robot.run(3000);
  controller.execute('log stop');
  controller.execute(`log save ${logPath}`);
  const log = LogFile.open(logPath);
  frames = log.frameCount;
  await exportMcap(log, mcapPath);
  log.close();
});

/** Replays `file` to its end `passes` times at maximum speed, then goes to the middle frame. */
function replay(name: string, file: string, passes: number): { poses: string[][]; atGoto: string } {
  const robot = openReplay(name, file, { configRoot: CONFIG_ROOT, now: () => 0, playing: false });
  const pose = () => JSON.stringify(robot.program.thread('Cognition')!.blackboard.get('RobotPose'));
  const poses: string[][] = [];
  robot.player.events.on('frame', (f) => f.thread === 'Cognition' && poses.at(-1)!.push(pose()));
  robot.player.setSpeed('max');
  for (let pass = 0; pass < passes; pass++) {
    poses.push([]);
    robot.player.play();
    while (robot.player.state === 'playing') robot.advance();
  }
  poses.push([]);
  robot.player.goto(Math.floor(frames / 2));
  robot.file.close();
  return { poses, atGoto: pose() };
}

describe('replay determinism', () => {
  it('computes the same RobotPose at a frame however many times the log was played before', () => {
    const once = replay('once', logPath, 1);
    const twice = replay('twice', logPath, 2);
    const fromMcap = replay('fromMcap', mcapPath, 1);
    // The pose's uncertainty grows during the log (the robot stands and sees nothing that corrects it): a replay
    // that kept its state across passes would differ.
    const covariances = once.poses[0]!.map((p) => JSON.stringify(JSON.parse(p).covariance));
    expect(new Set(covariances).size).toBeGreaterThan(10);
    expect(twice.poses[1]).toEqual(twice.poses[0]);
    expect(twice.atGoto).toBe(once.atGoto);
    expect(fromMcap.atGoto).toBe(once.atGoto);
    expect(fromMcap.poses).toEqual(once.poses);
  });
});
