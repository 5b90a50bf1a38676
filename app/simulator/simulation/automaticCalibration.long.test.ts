// The automatic camera calibration end to end, in the running simulation on rendered images: the scene
// CameraCalibration.ros3 mounts robot1's upper camera 2° further down and rolled 1.5° and puts the robot where
// B-Human calibrates. `cal` starts the robot's AutomaticCameraCalibrator, which moves the head through the ten
// positions, finds line points in its own images (FieldLinePointsPerceptor), matches them to the field's lines and
// solves; `cal save` writes the result, and a ball 3 m ahead is then measured where it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadModuleParameters } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibrationProvider } from '@robot-runtime/modules/Infrastructure/CameraCalibrationProvider/CameraCalibrationProvider';
import type { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import {
  CameraCalibrationState,
  type CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { resultText } from './commandResult';
import { Simulation } from './Simulation';
import { ballDistanceError } from './testing/ballDistance';

const root = path.resolve(import.meta.dirname, '../../..');
const degrees = (v: number): number => v / deg(1);
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

describe('the automatic camera calibration in the simulator', () => {
  it('finds a 2° tilt and 1.5° roll of the upper camera from its own images, and the ball at 3 m falls in place', async () => {
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-autocal-'));
    cleanup.push(() => fs.rmSync(config, { recursive: true }));
    fs.cpSync(path.join(root, 'config'), config, { recursive: true });
    const sim = await Simulation.load(path.join(root, 'scenes/CameraCalibration.ros3'), {
      seed: 1,
      configRoot: config,
    });
    try {
      sim.step();
      expect(sim.robotCommand('robot1', 'cal save')).toMatchObject({ kind: 'error', code: 'refused' });
      expect(resultText(sim.robotCommand('robot1', 'cal'))).toContain('automatic camera calibration started');
      const cognition = sim.robot('robot1')!.program.thread('Cognition')!.blackboard;
      const status = (): CameraCalibrationStatus => cognition.get('CameraCalibrationStatus') as CameraCalibrationStatus;
      const positions = new Set<number>();
      // Ten positions of about a second each (head moves, 400 ms settling, three images); 9.3 s when written.
      while (sim.time < 20_000 && !status().hasResult) {
        sim.step();
        if (status().state === CameraCalibrationState.recordSamples) positions.add(status().position);
      }
      const s = status();
      expect(s.hasResult).toBe(true);
      expect(s.state).toBe(CameraCalibrationState.idle);
      expect([...positions].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(s.samples).toBe(30);
      expect(s.points).toBeGreaterThan(1000);
      expect(s.inliers).toBeGreaterThan(s.points / 2);
      const [upper, lower] = s.calibration.cameraRotationCorrections;
      expect(Math.abs(degrees(upper!.y) - 2)).toBeLessThan(0.2);
      expect(Math.abs(degrees(upper!.x) - 1.5)).toBeLessThan(0.2);
      for (const v of [
        lower!.x,
        lower!.y,
        s.calibration.bodyRotationCorrection.x,
        s.calibration.bodyRotationCorrection.y,
      ])
        expect(Math.abs(degrees(v))).toBeLessThan(0.2);
      expect(s.rmsAfter).toBeLessThan(s.rmsBefore / 5);
      // Both camera threads use the result from now on.
      const upperThread = sim.robot('robot1')!.program.thread('Upper')!.blackboard;
      for (const end = sim.time + 100; sim.time < end;) sim.step();
      const used = upperThread.get('CameraCalibration') as CameraCalibration;
      expect(used.cameraRotationCorrections[0]!.y).toBeCloseTo(upper!.y, 6);
      expect(resultText(sim.robotCommand('robot1', 'cal save'))).toContain(
        `saved to ${path.join(config, 'Robots/Nao/Nao/cameraCalibration.cfg')}`,
      );
    } finally {
      await sim.dispose();
    }
    // What the robot reads on its search path (head and body Nao) from now on.
    const dirs = searchPath({ headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default' });
    const loaded = loadModuleParameters(CameraCalibrationProvider, { fs: new NodeFileSystem(config), dirs })!;
    expect(loaded.file).toBe('Robots/Nao/Nao/cameraCalibration.cfg');
    expect(loaded.diagnostics).toEqual([]);
    const read = loaded.value as CameraCalibration;
    expect(Math.abs(degrees(read.cameraRotationCorrections[0]!.y) - 2)).toBeLessThan(0.2);

    const before = await ballDistanceError();
    const after = await ballDistanceError({ configRoot: config });
    console.log(
      `ball 3 m ahead: ${before.error.toFixed(0)} mm off (${before.percepts} percepts) before, ` +
        `${after.error.toFixed(0)} mm (${after.percepts}) after the automatic calibration`,
    );
    expect(before.percepts).toBeGreaterThan(10);
    expect(after.percepts).toBeGreaterThan(10);
    expect(before.error).toBeGreaterThan(600);
    expect(after.error).toBeLessThan(100);
  }, 600_000);
});
