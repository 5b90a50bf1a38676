// A short run of the GameImages scene (rendered camera images, image-based perception), narrowed to two of its
// robots to keep the test fast: they localize from what their perceptors find in the images, also after one
// was put somewhere else than where it believes it is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pose2 } from '@robot-runtime/math/types';
import { loadScene } from '../scene/loadScene';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});

describe('Game with image-based perception', () => {
  it('localizes from image percepts: a 280 mm displacement is corrected and the error stays small', async () => {
    const game = loadScene(path.join(scenes, 'GameImages.ros3'));
    sim = await Simulation.fromScene(
      { ...game, robots: game.robots.filter((r) => r.name === 'robot3' || r.name === 'robot23') },
      { seed: 3 },
    );
    const names = ['robot3', 'robot23'];
    for (const name of names) {
      const upper = sim
        .robot(name)!
        .currentConfiguration.threads.find((t) => t.name === 'Upper')!.representationProviders;
      expect(upper).toEqual(
        expect.arrayContaining([
          { representation: 'LandmarkPercept', provider: 'LandmarkPerceptor' },
          { representation: 'BallPercept', provider: 'BallAndPenaltyMarkPerceptor' },
        ]),
      );
    }
    // robot3 believes it is at its scene position; the world puts it 200 mm forward and 200 mm to the side.
    expect(sim.robotCommand('robot3', 'mv -2800 -800 333')).toEqual({ kind: 'done' });
    sim.command('gc ready');
    const errors: number[] = [];
    let framesWithLandmarks = 0;
    while (sim.time < 4000) {
      sim.step();
      for (const name of names) {
        const robot = sim.robot(name)!;
        const landmarks = robot.program.thread('Upper')!.blackboard.get('LandmarkPercept') as { landmarks: unknown[] };
        if (landmarks.landmarks.length) framesWithLandmarks++;
        if (sim.worldState.step % 25 !== 0 || sim.time < 1500) continue;
        // Team frame = field frame for the first team; the second team's is turned by 180°.
        const pose = robot.program.thread('Cognition')!.blackboard.get('RobotPose') as Pose2;
        const truth = sim.worldState.robots.find((r) => r.name === name)!.pose;
        const sign = robot.def.team === 0 ? 1 : -1;
        errors.push(
          Math.hypot(sign * pose.translation.x - truth.translation.x, sign * pose.translation.y - truth.translation.y),
        );
      }
    }
    expect(sim.cameraImages.rendered).toBeGreaterThan(400);
    expect(framesWithLandmarks).toBeGreaterThan(80);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(80);
    expect(Math.max(...errors)).toBeLessThan(150);
    for (const s of sim.statistics()) expect(s.ballSeenSeconds).toBeGreaterThan(0.5);
  });
});
