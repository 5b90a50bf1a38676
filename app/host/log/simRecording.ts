/**
 * @file Recording simulated robots without the IDE (`npm run sim -- --record <dir>`), the same way a user would
 * in the console: per robot `dr representation:<R>` for the chosen representations, camera images switched on
 * when they are wanted, `log start` … `log stop`, `log save <dir>/<robot>.log`. Images are thinned to the chosen
 * rate when saving (a camera frame is kept when at least 1/rate seconds passed since the last kept one), since
 * full-rate images from many robots make huge logs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { Simulation } from '../../simulator/simulation/Simulation';
import { ConsoleController } from '../console/ConsoleController';
import { logCommand } from './logCommands';
import { attachSimulation } from '../console/simulatedConsoles';
import { MemoryFiles, type ConsoleFiles } from '../console/files';
import { frameTimeOf } from './frameTime';
import { logSession } from './LogSession';
import { recordedFrame, type RecordedFrame } from './LogRecorder';

/** Representations recorded unless chosen otherwise: sensor data, what the robot computed, the ground truth. */
export const DEFAULT_RECORDED = [
  'FrameInfo',
  'CameraInfo',
  'GroundTruthWorldState',
  'GameState',
  // The packets' receive times align the robots' clocks when a game is replayed (gameClockAlignment.ts).
  'GameControllerData',
  'BallModel',
  'RobotPose',
  'ObstacleModel',
  'MotionRequest',
  'BehaviorStatus',
  'JointSensorData',
  'InertialData',
  'JointRequest',
  'OdometryData',
  'MotionInfo',
];

/** What to record. */
export interface SimRecordingOptions {
  /** Robot names (default: all). */
  robots?: readonly string[];
  /** Representations besides camera images (default DEFAULT_RECORDED). */
  representations?: readonly string[];
  /** Camera images per second and camera; 0 (default) records none. */
  imageRate?: number;
  /** Files the console's scripts are read from (`call`, e.g. a test's start script); default: none. */
  files?: ConsoleFiles;
  /** Directory relative script names resolve against. */
  scriptDir?: string;
}

/** Keeps a camera image at most every 1/rate seconds per thread; drops the images of other frames. */
export function thinImages(frames: readonly RecordedFrame[], rate: number): RecordedFrame[] {
  const last = new Map<string, number>();
  const out: RecordedFrame[] = [];
  for (const f of frames) {
    const image = f.messages.some((m) => m.id === MessageID.idCameraImage);
    if (!image) {
      out.push(f);
      continue;
    }
    const time =
      frameTimeOf({ index: 0, thread: f.thread, messages: f.messages, image, size: f.bytes.length }, undefined) ?? 0;
    const previous = last.get(f.thread);
    if (rate > 0 && (previous === undefined || time - previous >= 1000 / rate - 1e-6)) {
      last.set(f.thread, time);
      out.push(f);
    } else {
      const messages = f.messages.filter((m) => m.id !== MessageID.idCameraImage);
      if (messages.length) out.push(recordedFrame(f.thread, messages));
    }
  }
  return out;
}

/** Records robots of a running simulation through their consoles. */
export class SimRecording {
  readonly controller: ConsoleController;
  /** Console lines that report a problem. */
  readonly problems: string[] = [];
  private readonly robots: string[];

  constructor(
    private readonly sim: Simulation,
    private readonly options: SimRecordingOptions = {},
  ) {
    this.controller = new ConsoleController({
      files: options.files ?? new MemoryFiles(),
      scriptDir: options.scriptDir,
    });
    this.controller.on('output', (o) => {
      if (/^(Error|Syntax Error|Unknown|Not allowed)/.test(o.text)) this.problems.push(o.text);
    });
    this.controller.commands.register([logCommand]);
    attachSimulation(this.controller, sim);
    this.robots = options.robots ? [...options.robots] : sim.robots.map((r) => r.name);
    for (const name of this.robots) {
      const console = this.controller.robotConsole(name);
      if (!console)
        throw new Error(`the scene has no robot '${name}' (robots: ${sim.robots.map((r) => r.name).join(', ')})`);
    }
  }

  /** Sends the debug requests (and, for images, the camera module requests) and starts recording. */
  start(): void {
    const representations = this.options.representations ?? DEFAULT_RECORDED;
    for (const name of this.robots) {
      this.controller.execute(`robot ${name}`);
      if ((this.options.imageRate ?? 0) > 0) {
        // Fast scenes switch the cameras off; a recorded robot renders its images again.
        this.controller.execute('for Upper mr CameraImage SimulatedCameraProvider');
        this.controller.execute('for Lower mr CameraImage SimulatedCameraProvider');
        this.controller.execute('dr representation:CameraImage');
      }
      for (const r of representations) this.controller.execute(`dr representation:${r}`);
      this.controller.execute('log start');
    }
  }

  /** Stops recording and writes `<dir>/<robot>.log` per robot; returns the files. */
  save(dir: string): string[] {
    this.controller.update();
    fs.mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const name of this.robots) {
      const console = this.controller.robotConsole(name)!;
      const recorder = logSession(console).recorder;
      this.controller.execute(`robot ${name}`);
      this.controller.execute('log stop');
      recorder.replace(thinImages(recorder.frames, this.options.imageRate ?? 0));
      const file = path.resolve(dir, `${name}.log`);
      if (recorder.frames.length === 0) {
        this.problems.push(`${name}: nothing was recorded`);
        continue;
      }
      this.controller.execute(`log save ${file}`);
      files.push(file);
    }
    return files;
  }

  /** Bytes recorded so far over all recorded robots. */
  get recordedBytes(): number {
    let bytes = 0;
    for (const name of this.robots) bytes += logSession(this.controller.robotConsole(name)!).recorder.bytes;
    return bytes;
  }

  /** Stops recording every robot (what was recorded stays and is saved by `save`). */
  stopRecording(): void {
    for (const name of this.robots) logSession(this.controller.robotConsole(name)!).recorder.stop();
  }

  /** Whether requests are still on their way to the robots. */
  get busy(): boolean {
    return this.controller.busy;
  }

  /** The simulation recorded. */
  get simulation(): Simulation {
    return this.sim;
  }
}
