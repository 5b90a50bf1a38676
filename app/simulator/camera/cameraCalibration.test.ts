import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { deg } from '@robot-runtime/math/vec2';
import { calibrateCameras, straightFieldLines } from '@robot-runtime/representations/Configuration/calibrateCameras';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { loadScene } from '../scene/loadScene';
import { Simulation } from '../simulation/Simulation';
import { simulatedCalibrationSamples } from './calibrationSamples';

const root = path.resolve(import.meta.dirname, '../../..');
const scene = path.join(root, 'scenes/CameraCalibration.ros3');
const degrees = (v: number): number => v / deg(1);
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('camera calibration in the simulator', () => {
  it('finds the mount of a NAO whose scene tilts its upper camera 2° further down and rolls it 1.5°', () => {
    const robot = loadScene(scene).robots[0]!;
    const lines = straightFieldLines(FieldDimensions.defaultValue());
    const samples = simulatedCalibrationSamples(robot, robot.pose2, lines, seededRandom(3));
    expect(samples).toHaveLength(10);
    expect(samples.reduce((n, s) => n + s.points.length, 0)).toBeGreaterThan(1000);
    const result = calibrateCameras(samples, lines, RobotDimensions.defaultValue(), CameraCalibration.defaultValue());
    const [upper, lower] = result.calibration.cameraRotationCorrections;
    expect(Math.abs(degrees(upper!.y) - 2)).toBeLessThan(0.2);
    expect(Math.abs(degrees(upper!.x) - 1.5)).toBeLessThan(0.2);
    const body = result.calibration.bodyRotationCorrection;
    for (const v of [lower!.x, lower!.y, body.x, body.y]) expect(Math.abs(degrees(v))).toBeLessThan(0.2);
    expect(result.rmsAfter).toBeLessThan(result.rmsBefore / 50);
  });

  it('`cal` checks its words, and `cal save` refuses before the automatic calibration has a result', async () => {
    const sim = await Simulation.load(scene, { seed: 1, startScript: false });
    cleanup.push(() => sim.dispose());
    sim.step();
    expect(sim.robotCommand('robot1', 'cal now')).toMatchObject({ code: 'syntax', usage: 'cal [save]' });
    expect(sim.robotCommand('robot1', 'cal save')).toMatchObject({
      kind: 'error',
      code: 'refused',
      message: 'robot1: the calibration has no result yet (state idle)',
    });
    // The run itself, from `cal` to `cal save` and the file the robot reads: automaticCalibration.long.test.ts.
  });
});
