import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { resultText } from './commandResult';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

async function load(scene: string, seed = 1): Promise<Simulation> {
  const sim = await Simulation.load(path.join(scenes, scene), { seed });
  open.push(sim);
  return sim;
}

const motion = (sim: Simulation) => sim.robots[0]!.program.thread('Motion')!.blackboard;

describe('articulated simulation (MuJoCo bodies run by the robot program)', () => {
  it('runs the robot program on a measured body: it stands, its sensors come from the physics', async () => {
    const sim = await load('Articulated.ros3');
    expect(sim.kind).toBe('articulated');
    sim.runFor(3000);
    const truth = sim.worldState.robots[0]!;
    expect(truth.fallen).toBe(false);
    const joints = motion(sim).get('JointSensorData') as {
      angles: number[];
      currents: number[];
      temperatures: number[];
    };
    const request = motion(sim).get('JointRequest') as { angles: number[] };
    // The WalkingEngine's crouch, as the servos hold it under the robot's weight.
    expect(Math.abs(joints.angles[Joint.lKneePitch]! - request.angles[Joint.lKneePitch]!)).toBeLessThan(0.05);
    expect(joints.currents[Joint.lKneePitch]!).toBeGreaterThan(0);
    expect(joints.temperatures[Joint.lKneePitch]!).toBeGreaterThanOrEqual(30);
    const fsr = motion(sim).get('FsrSensorData') as { totals: number[] };
    expect(fsr.totals[0]! + fsr.totals[1]!).toBeCloseTo(sim.scene.robots[0]!.model.mass, 0);
    const imu = motion(sim).get('InertialData') as { acc: { z: number }; angle: { y: number } };
    expect(imu.acc.z).toBeGreaterThan(9);
  });

  it('walks in the ready state without falling; mv puts it back standing; sn adds noise', async () => {
    const sim = await load('Articulated.ros3');
    sim.runFor(2000);
    sim.command('gc ready');
    sim.runFor(4000);
    const walked = sim.worldState.robots[0]!;
    expect(walked.fallen).toBe(false);
    expect(walked.distanceWalked).toBeGreaterThan(100);
    expect(sim.robotCommand('robot1', 'mv -2000 1000 300 0 0 90')).toEqual({ kind: 'done' });
    sim.step();
    const moved = sim.worldState.robots[0]!;
    expect(Math.hypot(moved.pose.translation.x + 2000, moved.pose.translation.y - 1000)).toBeLessThan(30);
    expect(moved.fallen).toBe(false);
    // Reading the sensors twice in the same physics state: equal without noise, different with it.
    const world = sim.articulated!;
    expect(world.measure('robot1')).toEqual(world.measure('robot1'));
    expect(sim.robotCommand('robot1', 'sn on')).toEqual({ kind: 'done' });
    expect(world.measure('robot1').InertialData.gyro).not.toEqual(world.measure('robot1').InertialData.gyro);
    expect(sim.robotCommand('robot1', 'sn whiteNoise off')).toEqual({ kind: 'done' });
    expect(world.measure('robot1')).toEqual(world.measure('robot1'));
    expect(resultText(sim.robotCommand('robot1', 'sn timeDelay on'))).toMatch(/not simulated/);
  });

  it('same scene, configuration and seed give the same game', async () => {
    const run = async (): Promise<string> => {
      const sim = await load('Articulated.ros3', 3);
      sim.command('gc ready');
      sim.runFor(2000);
      return JSON.stringify(sim.worldState);
    };
    expect(await run()).toBe(await run());
    // The console's reset builds a fresh articulated world of the same scene.
    const sim = await load('Articulated.ros3', 3);
    sim.runFor(500);
    const fresh = sim.reset();
    open.push(fresh);
    expect(fresh.kind).toBe('articulated');
    expect(fresh.time).toBe(0);
    fresh.runFor(500);
    expect(JSON.stringify(fresh.worldState)).toBe(JSON.stringify(sim.worldState));
  });

  it('capsule scenes stay capsules', async () => {
    const sim = await load('GameFast.ros3');
    expect(sim.kind).toBe('capsules');
    expect(resultText(sim.robotCommand('robot1', 'sn on'))).toMatch(/only in articulated scenes/);
  });
});
