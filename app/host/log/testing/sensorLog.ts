/**
 * @file Test and bench support: robot1 of the GameFast 7 vs 7 game (small camera images) recorded through its
 * console from `gc ready` on (the referee then starts play). `recordSensorLog` records only what the robot's
 * sensors, the GameController and the simulator's ground truth deliver, so that a replay computes everything else
 * again (oracle percepts, self-localization, ball model, behaviour, every motion engine): the log exact seeks are
 * tested and measured on.
 */
import path from 'node:path';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { SimRecording, type SimRecordingOptions } from '../simRecording';
import { writeRecordingScene, type CameraSizes } from './recordingScene';

/** The inputs a robot's modules compute from. */
export const SENSOR_REPRESENTATIONS = [
  'FrameInfo',
  'CameraInfo',
  'GroundTruthWorldState',
  'GameControllerData',
  'JointSensorData',
  'InertialData',
  'FsrSensorData',
];

/** What and how long to record. */
export interface RobotLogOptions extends Pick<SimRecordingOptions, 'representations' | 'imageRate'> {
  /** Simulated seconds recorded. */
  seconds: number;
  /** The simulation's seed. */
  seed: number;
  /**
   * Rendered image sizes (default 32×24 and 16×12: fast). CameraInfo stays the NAO's (640×480, 320×240), so image
   * drawings, which are in CameraInfo's pixels, only land on full-size images.
   */
  cameras?: CameraSizes;
}

/** Records robot1 into `<dir>/logs/robot1.log`; returns the file. Throws with the console's complaints. */
export async function recordRobotLog(dir: string, options: RobotLogOptions): Promise<string> {
  const scene = writeRecordingScene(
    dir,
    'robot1',
    options.cameras ?? { upper: { width: 32, height: 24 }, lower: { width: 16, height: 12 } },
  );
  const sim = await Simulation.load(scene, { seed: options.seed });
  try {
    const recording = new SimRecording(sim, {
      robots: ['robot1'],
      representations: options.representations,
      imageRate: options.imageRate,
    });
    recording.controller.execute('gc ready');
    recording.start();
    for (let i = 0; i < 100 && recording.busy; i++) recording.controller.execute('sim step 5');
    const end = sim.time + options.seconds * 1000;
    while (sim.time < end) recording.controller.execute('sim step 5');
    const [file] = recording.save(path.join(dir, 'logs'));
    if (recording.problems.length || !file) throw new Error(`recording failed:\n${recording.problems.join('\n')}`);
    return file;
  } finally {
    await sim.dispose();
  }
}

/** Records `seconds` of robot1's inputs only (SENSOR_REPRESENTATIONS, no images). */
export function recordSensorLog(dir: string, seconds: number, seed = 7): Promise<string> {
  return recordRobotLog(dir, { seconds, seed, representations: SENSOR_REPRESENTATIONS });
}
