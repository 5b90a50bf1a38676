/**
 * @file For tests of the camera mount and its calibration: how far off robot1's upper camera puts a ball lying
 * a given distance straight ahead of it, in the running simulation of the scene CameraCalibration.ros3 (rendered
 * images, the image-based ball perceptor of its start script).
 */
import path from 'node:path';
import { BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { Simulation } from '../Simulation';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The mean distance error and how many percepts it is the mean of. */
export interface BallDistanceError {
  /** Mean of |measured distance − true distance| (mm). */
  readonly error: number;
  /** Mean of measured distance − true distance (mm): positive when the ball is seen too far away. */
  readonly bias: number;
  readonly percepts: number;
}

/**
 * Robot1 stands at (−1500, 0) facing the opponent goal with the ball `distance` mm ahead; over `durationMs` of
 * simulated time, each new upper-camera ball percept's distance is compared with the true one. `configRoot` is the
 * config folder the robot reads (e.g. with a calibration in Robots/Nao/Nao/).
 */
export async function ballDistanceError(
  options: { configRoot?: string; distance?: number; durationMs?: number } = {},
): Promise<BallDistanceError> {
  const { configRoot, distance = 3000, durationMs = 1500 } = options;
  const sim = await Simulation.load(path.join(root, 'scenes/CameraCalibration.ros3'), {
    seed: 1,
    ...(configRoot ? { configRoot } : {}),
  });
  try {
    for (const line of ['mv -1500 0 333 0 0 0', `mvb ${distance - 1500} 0 50`]) {
      const result = sim.robotCommand('robot1', line);
      if (result.kind !== 'done') throw new Error(`${line}: ${JSON.stringify(result)}`);
    }
    const upper = sim.robot('robot1')!.program.thread('Upper')!.blackboard;
    let [sum, signed, percepts, lastSeen] = [0, 0, 0, -1];
    while (sim.time < durationMs) {
      sim.step();
      const percept = upper.get('BallPercept') as { status: number; positionOnField: { x: number; y: number } };
      const frame = (upper.get('FrameInfo') as { time: number }).time;
      if (percept.status !== BallPerceptStatus.seen || frame === lastSeen) continue;
      lastSeen = frame;
      const robot = sim.worldState.robots.find((r) => r.name === 'robot1')!.pose.translation;
      const ball = sim.worldState.ball!.position;
      const d =
        Math.hypot(percept.positionOnField.x, percept.positionOnField.y) -
        Math.hypot(ball.x - robot.x, ball.y - robot.y);
      sum += Math.abs(d);
      signed += d;
      percepts++;
    }
    return { error: sum / Math.max(1, percepts), bias: signed / Math.max(1, percepts), percepts };
  } finally {
    await sim.dispose();
  }
}
