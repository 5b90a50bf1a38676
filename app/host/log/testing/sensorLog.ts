/**
 * @file Test and bench support: a log of one simulated robot that records only what its sensors, the
 * GameController and the simulator's ground truth deliver, so that a replay computes everything else again
 * (oracle percepts, self-localization, ball model, behaviour, every motion engine): the log exact seeks are
 * tested and measured on. robot1 of the GameFast 7 vs 7 game from `gc ready` on (the referee then starts play).
 */
import path from 'node:path';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { SimRecording } from '../simRecording';
import { writeRecordingScene } from './recordingScene';

/** The recorded representations: inputs only. */
export const SENSOR_REPRESENTATIONS = [
  'FrameInfo',
  'CameraInfo',
  'GroundTruthWorldState',
  'GameControllerData',
  'JointSensorData',
  'InertialData',
  'FsrSensorData',
];

/** Records `seconds` of simulated play of robot1 into `<dir>/logs/robot1.log`; returns the file. */
export async function recordSensorLog(dir: string, seconds: number, seed = 7): Promise<string> {
  const scene = writeRecordingScene(dir, 'robot1', {
    upper: { width: 32, height: 24 },
    lower: { width: 16, height: 12 },
  });
  const sim = await Simulation.load(scene, { seed });
  try {
    const recording = new SimRecording(sim, { robots: ['robot1'], representations: SENSOR_REPRESENTATIONS });
    recording.controller.execute('gc ready');
    recording.start();
    for (let i = 0; i < 100 && recording.busy; i++) recording.controller.execute('sim step 5');
    const end = sim.time + seconds * 1000;
    while (sim.time < end) recording.controller.execute('sim step 5');
    const [file] = recording.save(path.join(dir, 'logs'));
    if (recording.problems.length || !file) throw new Error(`recording failed:\n${recording.problems.join('\n')}`);
    return file;
  } finally {
    await sim.dispose();
  }
}
