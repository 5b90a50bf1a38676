import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resultText } from '../simulation/commandResult';
import { loadModuleParameters } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibrationProvider } from '@robot-runtime/modules/Infrastructure/CameraCalibrationProvider/CameraCalibrationProvider';
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

  it("`cal save` writes the result into the robot's folder, where its CameraCalibrationProvider reads it", async () => {
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-calibration-'));
    cleanup.push(() => fs.rmSync(config, { recursive: true }));
    fs.cpSync(path.join(root, 'config'), config, { recursive: true });
    const sim = await Simulation.load(scene, { seed: 1, configRoot: config, startScript: false });
    cleanup.push(() => sim.dispose());
    expect(resultText(sim.robotCommand('robot1', 'cal'))).toMatch(
      /^Note: robot1: upper camera roll 1\.[45]\d° tilt 2\.0\d°/,
    );
    expect(sim.robotCommand('robot1', 'cal now')).toMatchObject({ code: 'syntax', usage: 'cal [save]' });
    const note = resultText(sim.robotCommand('robot1', 'cal save'));
    expect(note).toContain(`saved to ${path.join(config, 'Robots/Nao/Nao/cameraCalibration.cfg')}`);
    // What the robot reads on its search path (head and body Nao) from now on.
    const dirs = searchPath({ headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default' });
    const loaded = loadModuleParameters(CameraCalibrationProvider, { fs: new NodeFileSystem(config), dirs })!;
    expect(loaded.file).toBe('Robots/Nao/Nao/cameraCalibration.cfg');
    expect(loaded.diagnostics).toEqual([]);
    const read = loaded.value as CameraCalibration;
    expect(Math.abs(degrees(read.cameraRotationCorrections[0]!.y) - 2)).toBeLessThan(0.2);
    expect(Math.abs(degrees(read.cameraRotationCorrections[0]!.x) - 1.5)).toBeLessThan(0.2);
  });
});
