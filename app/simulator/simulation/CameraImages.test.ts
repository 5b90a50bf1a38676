// Camera images are rendered for the robots whose perception reads them, headless and without any view asking,
// and for nobody else: the default scene (Game.ros3, robot1 perceives from images) and its oracle twin, narrowed
// to two robots of one team to keep the test fast.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '../scene/loadScene';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});

async function twoRobotsOf(scene: string): Promise<Simulation> {
  const game = loadScene(path.join(scenes, scene));
  return Simulation.fromScene(
    { ...game, robots: game.robots.filter((r) => r.name === 'robot1' || r.name === 'robot2') },
    { seed: 1 },
  );
}

/** Runs until simulated time `until` (ms). */
function runUntil(s: Simulation, until: number): void {
  while (s.time < until) s.step();
}

/** The width (YUYV pixel pairs) of the last image the robot's upper camera thread got; 0 if none. */
function upperImageWidth(s: Simulation, robot: string): number {
  return (s.robot(robot)!.program.thread('Upper')!.blackboard.get('CameraImage') as { width: number }).width;
}

/** How many landmarks robot1's upper camera found in its last image. */
function landmarksSeen(s: Simulation): number {
  const percept = s.robot('robot1')!.program.thread('Upper')!.blackboard.get('LandmarkPercept');
  return (percept as { landmarks: unknown[] }).landmarks.length;
}

describe('camera images of simulated robots', () => {
  it('renders both cameras of an image-perceiving robot headless, nothing for oracle robots, none with ci off', async () => {
    sim = await twoRobotsOf('Game.ros3');
    expect(sim.robot('robot1')!.readsCameraImages('Upper')).toBe(true);
    expect(sim.robot('robot1')!.readsCameraImages('Lower')).toBe(true);
    expect(sim.robot('robot1')!.readsCameraImages('Cognition')).toBe(false);
    expect(sim.robot('robot2')!.readsCameraImages('Upper')).toBe(false);
    sim.command('gc ready');
    runUntil(sim, 1000);
    // robot1's two 30 Hz camera threads got an image every frame; robot2 got none.
    expect(sim.cameraImages.rendered).toBeGreaterThanOrEqual(58);
    expect(sim.cameraImages.rendered).toBeLessThanOrEqual(62);
    expect(upperImageWidth(sim, 'robot1')).toBe(320);
    expect(upperImageWidth(sim, 'robot2')).toBe(0);
    let seen = 0;
    while (sim.time < 2000) {
      sim.step();
      seen = Math.max(seen, landmarksSeen(sim));
    }
    expect(seen).toBeGreaterThan(0);

    // `ci off`: the user stops images; robot1 is blind (its perceptors report nothing new) until `ci needed`.
    expect(sim.command('ci off')).toEqual({ kind: 'done' });
    let rendered = sim.cameraImages.rendered;
    runUntil(sim, 2500);
    expect(sim.cameraImages.rendered).toBe(rendered);
    expect(sim.command('ci needed')).toEqual({ kind: 'done' });
    runUntil(sim, 3000);
    expect(sim.cameraImages.rendered - rendered).toBeGreaterThanOrEqual(28);

    // `ci on`: every robot's cameras, robot2's too.
    expect(sim.command('ci on')).toEqual({ kind: 'done' });
    rendered = sim.cameraImages.rendered;
    runUntil(sim, 3500);
    expect(sim.cameraImages.rendered - rendered).toBeGreaterThanOrEqual(56);
    expect(upperImageWidth(sim, 'robot2')).toBe(320);
  });

  it('renders nothing when every robot perceives from oracles (GameOracle)', async () => {
    sim = await twoRobotsOf('GameOracle.ros3');
    sim.command('gc ready');
    runUntil(sim, 1000);
    expect(sim.robot('robot1')!.readsCameraImages('Upper')).toBe(false);
    expect(sim.cameraImages.rendered).toBe(0);
  });
});
