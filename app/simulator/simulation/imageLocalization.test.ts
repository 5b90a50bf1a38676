// A short run of a Normal scene (rendered camera images, image-based perception): the robot localizes from
// what its perceptors find in the images, also after it was put somewhere else than where it believes it is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pose2 } from '../../../robot-runtime/math/types';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});

describe('Simulation with image-based perception', () => {
  it('localizes from image percepts: a 280 mm displacement is corrected and the error stays small', async () => {
    sim = await Simulation.load(path.join(scenes, 'BH.ros3'), { seed: 3 });
    const robot = sim.robot('robot1')!;
    const providers = robot.currentConfiguration.threads.find((t) => t.name === 'Upper')!.representationProviders;
    expect(providers).toEqual(expect.arrayContaining([{ representation: 'LandmarkPercept', provider: 'LandmarkPerceptor' }, { representation: 'BallPercept', provider: 'BallPerceptor' }]));
    // The robot believes it is at its scene position; the world puts it 200 mm back and 200 mm to the side.
    expect(sim.robotCommand('robot1', 'mv -1200 200 333')).toBeUndefined();
    sim.command('gc ready');
    const errors: number[] = [];
    let framesWithLandmarks = 0;
    while (sim.time < 4500) {
      sim.step();
      const landmarks = robot.program.thread('Upper')!.blackboard.get('LandmarkPercept') as { landmarks: unknown[] };
      if (landmarks.landmarks.length) framesWithLandmarks++;
      if (sim.worldState.step % 25 !== 0 || sim.time < 1500) continue;
      const pose = robot.program.thread('Cognition')!.blackboard.get('RobotPose') as Pose2;
      const truth = sim.worldState.robots.find((r) => r.name === 'robot1')!.pose;
      errors.push(Math.hypot(pose.translation.x - truth.translation.x, pose.translation.y - truth.translation.y));
    }
    expect(sim.cameraImages.rendered).toBeGreaterThan(250);
    expect(framesWithLandmarks).toBeGreaterThan(40);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(80);
    expect(Math.max(...errors)).toBeLessThan(150);
    expect(sim.statistics()[0]!.ballSeenSeconds).toBeGreaterThan(0.5);
  });
});
