// Issue 5's recording test against the real 7 vs 7 simulation: one robot's representations and camera images are
// recorded through its console for 60 simulated seconds, saved, reopened with `sl` and replayed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../simulator/simulation/Simulation';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { MemoryFiles } from '../console/files';
import { SimulationProvider } from '../providers/simulation/SimulationProvider';
import { controllerHost } from '../session/testing/controllerHost';
import { LogFile } from './LogFile';
import type { RecordedFrame } from './LogRecorder';
import { logSession } from './LogSession';
import { CONFIGURATION_MESSAGE_ID } from './recordedConfiguration';
import { CONFIG_ROOT } from './testing/InProcessRobot';
import { writeRecordingScene } from './testing/recordingScene';
import { replayLog } from './testing/replayLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-simlog-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Simulated seconds recorded (the 60 s). */
const SECONDS = 60;
const ROBOT = 'robot1';
/** Sensor data, the GameController's and the simulator's inputs, and what the robot computed from them. */
const REPRESENTATIONS = [
  'FrameInfo',
  'CameraInfo',
  'CameraImage',
  'GroundTruthWorldState',
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

interface Recording {
  file: string;
  frames: RecordedFrame[];
  wallSeconds: number;
  /** CPU seconds of this process while recording (the wall time depends on the machine's other work). */
  cpuSeconds: number;
  imagesRendered: number;
}

/** Records `ROBOT` in the 7 vs 7 game through its console, as a user would type it. */
async function record(): Promise<Recording> {
  // Small images: the ray-caster's cost grows with the pixels, and a minute at 30 Hz per camera is 3600 images.
  const scene = writeRecordingScene(dir, ROBOT, { upper: { width: 32, height: 24 }, lower: { width: 16, height: 12 } });
  const sim = await Simulation.load(scene, { seed: 3 });
  const provider = new SimulationProvider({ sceneFile: scene, run: false, startScript: false, load: async () => sim });
  try {
    const controller = new ConsoleController({ files: new MemoryFiles() });
    const output: string[] = [];
    controller.on('output', (o) => output.push(o.text));
    controller.commands.register([logCommand]);
    provider.start(controllerHost(controller));
    await provider.whenLoaded();
    const console = controller.robotConsole(ROBOT)!;
    const started = performance.now();
    const cpu = process.cpuUsage();
    controller.execute(`robot ${ROBOT}`);
    // GameFast switches the cameras off for speed; this robot renders them again, its images requested below.
    controller.execute('for Upper mr CameraImage SimulatedCameraProvider');
    controller.execute('for Lower mr CameraImage SimulatedCameraProvider');
    for (const r of REPRESENTATIONS) controller.execute(`dr representation:${r}`);
    controller.execute('gc ready');
    // Let the requests reach the robot (and the console poll it) before recording.
    for (let i = 0; i < 100 && controller.busy; i++) controller.execute('sim step 5');
    controller.execute('sim step 20');
    controller.execute('log start');
    const end = sim.time + SECONDS * 1000;
    while (sim.time < end) controller.execute('sim step 5');
    controller.execute('log stop');
    const file = path.join(dir, 'robot1.log');
    controller.execute(`log save ${file}`);
    expect(output.filter((l) => /^(Error|Syntax Error|Unknown)/.test(l))).toEqual([]);
    expect(output.at(-1)).toMatch(/^Saved \d+ frames/);
    const used = process.cpuUsage(cpu);
    return {
      file,
      frames: logSession(console).recorder.frames,
      wallSeconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      imagesRendered: sim.cameraImages.rendered,
    };
  } finally {
    await provider.dispose();
  }
}

describe('recording one robot of the 7 vs 7 simulation and replaying it with sl', () => {
  let recording: Recording;
  beforeAll(async () => {
    recording = await record();
  }, 120_000);

  it(`records ${SECONDS} s with camera images and saves a B-Human log with an index`, () => {
    const log = LogFile.open(recording.file);
    expect(log.problems).toEqual([]);
    expect(log.log.indexSource).toBe('file');
    expect(log.frameCount).toBe(recording.frames.length);
    expect(log.threads.sort()).toEqual(['Audio', 'Cognition', 'Lower', 'Motion', 'Upper']);
    // 30 Hz per camera, only this robot's images were rendered.
    const images = Array.from({ length: log.frameCount }, (_, i) => log.isImageFrame(i)).filter(Boolean).length;
    expect(images).toBeGreaterThan(SECONDS * 55);
    expect(recording.imagesRendered).toBeLessThan(images + 200);
    const first = log.readFrame(0);
    expect(first.error).toBeUndefined();
    log.close();
  });

  it('replays it: logged representations equal the recorded ones frame for frame; modules not provided by the log re-run', async () => {
    let compared = 0;
    const mismatches: number[] = [];
    const result = await replayLog(recording.file, {
      configRoot: CONFIG_ROOT,
      // A replay takes every logged representation from the log unless told otherwise: these three are computed again.
      then: ['mr BallModel BallLocator', 'mr RobotPose SelfLocator', 'for Motion mr JointRequest MotionCombinator'],
      // GameFast's robot ran without percepts (its ball model came from the simulator's oracle), so BallLocator
      // cannot run in the configuration the log records: the replay takes threads.cfg of the Default scenario.
      scenario: 'Default',
      onFrame: (frame) => {
        // The file round trip: every replayed frame carries exactly the messages the console recorded (and the
        // first one the module configuration the robot ran with, which the console keeps beside the frames).
        const recorded = recording.frames[frame.index]!;
        const messages = frame.messages.filter((m) => m.id !== CONFIGURATION_MESSAGE_ID);
        const same =
          recorded.thread === frame.thread &&
          recorded.messages.length === messages.length &&
          recorded.messages.every(
            (m, k) => m.id === messages[k]!.id && Buffer.from(m.payload).equals(messages[k]!.payload),
          );
        if (!same) mismatches.push(frame.index);
        compared++;
      },
    });
    const { robot } = result;
    expect(robot.player.current).toBe(recording.frames.length - 1);
    expect(compared).toBe(recording.frames.length);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(robot.player.damaged.size).toBe(0);

    const provider = (thread: string, rep: string) =>
      robot.currentConfiguration.threads
        .find((t) => t.name === thread)!
        .representationProviders.find((p) => p.representation === rep)?.provider;
    expect(provider('Upper', 'CameraImage')).toBe('LogDataProvider');
    expect(provider('Motion', 'JointSensorData')).toBe('LogDataProvider');
    expect(provider('Cognition', 'BallModel')).toBe('BallLocator');
    expect(provider('Motion', 'JointRequest')).toBe('MotionCombinator');
    // The replayed blackboards hold exactly the logged values, in every frame.
    expect(result.different.slice(0, 20)).toEqual([]);
    expect(result.provided.get('CameraImage')).toBeGreaterThan(SECONDS * 55);
    expect(result.provided.get('JointSensorData')).toBeGreaterThan(SECONDS * 80);
    // Not provided by the log: computed again by their modules on the replayed data.
    expect(result.recomputed.get('BallModel')).toBeGreaterThan(SECONDS * 55);
    expect(result.recomputed.get('RobotPose')).toBeGreaterThan(SECONDS * 55);
    expect(result.recomputed.get('JointRequest')).toBeGreaterThan(SECONDS * 80);
    const image = robot.program.thread('Upper')!.blackboard.get('CameraImage') as { width: number; height: number };
    expect([image.width, image.height]).toEqual([16, 24]); // 32 columns are 16 YUYV pixel pairs
    const pose = robot.program.thread('Cognition')!.blackboard.get('RobotPose') as { translation: { x: number } };
    expect(pose.translation.x).toBeLessThan(-1000); // the keeper localized itself in its own half
    console.info(
      `simRecordReplay: recorded ${SECONDS} s (${recording.frames.length} frames, ${recording.imagesRendered} images) in ${recording.wallSeconds.toFixed(1)} s wall, ${recording.cpuSeconds.toFixed(1)} s CPU`,
    );
  });
});
