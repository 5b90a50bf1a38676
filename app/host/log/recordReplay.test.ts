import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { MemoryFiles } from '../console/files';
import { LogFile } from './LogFile';
import { logSession } from './LogSession';
import { ReplayRobot } from './ReplayRobot';
import { CONFIG_ROOT, InProcessRobot, loadTestConfiguration } from './testing/InProcessRobot';
import { replayLog } from './testing/replayLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-log-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Simulated seconds recorded (the 60 s against the real simulation are in simRecordReplay.long.test.ts). */
const SECONDS = 20;
const REPRESENTATIONS = [
  'FrameInfo',
  'CameraInfo',
  'CameraImage',
  'GroundTruthWorldState',
  'CameraMatrix',
  'BallPercept',
  'GameControllerData',
  'GameState',
  'BallModel',
  'RobotPose',
  'MotionRequest',
  'BehaviorStatus',
  'JointSensorData',
  'InertialData',
  'JointRequest',
  'OdometryData',
  'MotionInfo',
];

function record(): { file: string; frames: number } {
  const robot = new InProcessRobot('recorder');
  const output: string[] = [];
  const controller = new ConsoleController({ files: new MemoryFiles() });
  controller.on('output', (o) => output.push(o.text));
  controller.commands.register([logCommand]);
  controller.addRobot(robot.console);
  robot.run(500); // polling
  for (const r of REPRESENTATIONS) controller.execute(`dr representation:${r}`);
  controller.execute('log start');
  robot.run(SECONDS * 1000);
  controller.execute('log stop');
  const file = path.join(dir, 'recording.log');
  controller.execute(`log save ${file}`);
  expect(output.filter((l) => l.startsWith('Error') || l.startsWith('Syntax'))).toEqual([]);
  return { file, frames: logSession(robot.console).recorder.frames.length };
}

/**
 * Replays `file` through `sl` at maximum speed; checks every replayed representation against the log. The ball model
 * and the joint requests are computed again by their modules (a replay takes every logged one from the log unless
 * told otherwise), so the replay exercises both paths.
 */
async function replay(file: string, onText: (line: string) => void = () => {}) {
  const then = ['mr BallModel BallLocator', 'for Motion mr JointRequest MotionCombinator'];
  const result = await replayLog(file, { configRoot: CONFIG_ROOT, onText, then });
  return { robot: result.robot, stats: result };
}

describe('recording through the console and replaying with sl', () => {
  let recorded: { file: string; frames: number };

  it(`records ${SECONDS} s of an in-process robot with camera images and saves a B-Human log`, () => {
    recorded = record();
    const log = LogFile.open(recorded.file);
    expect(log.problems).toEqual([]);
    expect(log.log.indexSource).toBe('file');
    expect(log.frameCount).toBe(recorded.frames);
    expect(log.threads.sort()).toEqual(['Audio', 'Cognition', 'Lower', 'Motion', 'Upper']);
    // 30 Hz per camera: about one image frame per camera per 33 ms.
    const images = Array.from({ length: log.frameCount }, (_, i) => log.isImageFrame(i)).filter(Boolean).length;
    expect(images).toBeGreaterThan(SECONDS * 55);
    log.close();
  });

  it('replays it: logged representations equal the recorded ones frame for frame; the others are computed again', async () => {
    const { robot, stats } = await replay(recorded.file);
    expect(robot.player.current).toBe(recorded.frames - 1);
    const config = robot.currentConfiguration;
    const provider = (thread: string, rep: string) =>
      config.threads.find((t) => t.name === thread)!.representationProviders.find((p) => p.representation === rep)
        ?.provider;
    expect(provider('Upper', 'CameraImage')).toBe('LogDataProvider');
    expect(provider('Cognition', 'BallModel')).toBe('BallLocator');
    expect(stats.provided.get('CameraImage')).toBeGreaterThan(SECONDS * 55);
    expect(stats.provided.get('JointSensorData')).toBeGreaterThan(SECONDS * 80);
    expect(stats.recomputed.get('BallModel')).toBeGreaterThan(SECONDS * 55);
    expect(stats.recomputed.get('JointRequest')).toBeGreaterThan(SECONDS * 80);
    // Recomputed ones start from a fresh module state (the recording began mid-run), so only provided ones must match.
    expect(stats.different.slice(0, 30)).toEqual([]);
    const pose = robot.program.thread('Cognition')!.blackboard.get('RobotPose') as { translation: { x: number } };
    expect(pose.translation.x).not.toBe(0);
  });

  it('replays a copy truncated at a random byte up to its last complete frame', async () => {
    const bytes = fs.readFileSync(recorded.file);
    const full = LogFile.open(recorded.file);
    const cut = Math.floor(full.log.bodyStart + full.log.index.usedSize * 0.37) + 3;
    const expected = Array.from(full.log.index.frameOffsets).filter(
      (o, i, all) => full.log.bodyStart + (i + 1 < all.length ? all[i + 1]! : full.log.index.usedSize) <= cut,
    ).length;
    full.close();
    const copy = path.join(dir, 'truncated.log');
    fs.writeFileSync(copy, bytes.subarray(0, cut));
    const { robot, stats } = await replay(copy);
    expect(robot.file.frameCount).toBe(expected);
    expect(robot.player.current).toBe(expected - 1);
    expect(robot.player.damaged.size).toBe(0);
    expect(stats.different).toEqual([]);
    // sl wrote the index back (B-Human's first-open repair): the copy now opens without a scan.
    expect(LogFile.open(copy).log.indexSource).toBe('file');
  });

  it('reports a damaged message with its frame and keeps replaying', async () => {
    const log = LogFile.open(recorded.file);
    const frame = 200;
    const { start } = { start: log.log.bodyStart + log.log.index.frameOffsets[frame]! };
    const bytes = fs.readFileSync(recorded.file);
    // The first message after idFrameBegin claims 16 MB.
    const beginSize = bytes[start + 1]! | (bytes[start + 2]! << 8);
    bytes[start + 4 + beginSize + 3] = 0xff;
    const damaged = path.join(dir, 'damaged.log');
    fs.writeFileSync(damaged, bytes);
    const lines: string[] = [];
    const { robot } = await replay(damaged, (l) => lines.push(l));
    expect(robot.player.current).toBe(log.frameCount - 1);
    expect(robot.player.damaged.has(frame)).toBe(true);
    expect(lines.some((l) => l.includes(`Log frame ${frame}`))).toBe(true);
    log.close();
  });

  it('converts data recorded under an older type specification by name', () => {
    const { configuration, parameters } = loadTestConfiguration();
    const file = LogFile.open(recorded.file);
    // Pretend FrameInfo was recorded with its field under another name: it is dropped with a warning, not misread.
    file.log.header.typeInfo!.classes.set('FrameInfo', [{ name: 'timestamp', type: 'unsigned int' }]);
    const robot = new ReplayRobot('old', file, { configuration, parameters, playing: false });
    const texts: string[] = [];
    robot.player.goto(10);
    for (const m of robot.connection.receive())
      if (m.id === MessageID.idText) texts.push(new TextDecoder().decode(m.payload));
    expect(texts.join('\n')).toMatch(/FrameInfo was recorded with another type specification/);
    // 64 columns: 32 YUYV pixel pairs.
    expect((robot.program.thread('Upper')!.blackboard.get('CameraImage') as { width: number }).width).toBe(32);
  });
});
