import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModuleParameters } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibrationProvider } from '@robot-runtime/modules/Infrastructure/CameraCalibrationProvider/CameraCalibrationProvider';
import { writeTyped } from '@robot-runtime/protocol/configMap/writeTyped';
import {
  CALIBRATION_HEAD_POSITIONS,
  calibrateCameras,
  seenLinePoints,
  straightFieldLines,
} from '@robot-runtime/representations/Configuration/calibrateCameras';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { naoCameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import { torsoPose } from '@robot-runtime/representations/Perception/cameraKinematics';
import { loadScene } from '../scene/loadScene';
import { intrinsicsFromOpeningAngles, projectPoint } from './CameraIntrinsics';
import { robotCameraPose } from './cameraPose';

const root = path.resolve(import.meta.dirname, '../../..');
const dims = RobotDimensions.defaultValue();

describe('camera calibration in the simulator', () => {
  it("calibrates a NAO whose scene mounts its upper camera 2° tilted and 1.5° rolled, and saves it in the robot's folder", () => {
    const scene = loadScene(path.join(root, 'scenes/CameraCalibration.ros3'));
    const robot = scene.robots[0]!;
    const [top, bottom] = ['CameraTop', 'CameraBottom'].map((n) => robot.model.cameras.find((c) => c.name === n)!);
    const random = seededRandom(3);
    const lines = straightFieldLines(FieldDimensions.defaultValue());
    // The simulator's cameras (the scene's mount) at the torso height of straight legs, as it renders them.
    const torsoHeight = torsoPose(dims, new Array<number>(numOfJoints).fill(0), 0, 0).translation.z;
    const samples = CALIBRATION_HEAD_POSITIONS.map(({ camera, yaw, pitch }) => {
      const mount = camera === 0 ? top! : bottom!;
      const pose = robotCameraPose(robot.pose2, torsoHeight, mount, { HeadYaw: yaw, HeadPitch: pitch });
      const k = intrinsicsFromOpeningAngles(mount.imageWidth, mount.imageHeight, mount.angleX, mount.angleY);
      const points = seenLinePoints(
        lines,
        (p) => projectPoint(pose, k, p),
        mount.imageWidth,
        mount.imageHeight,
        () => random() - 0.5,
      );
      const angles = new Array<number>(numOfJoints).fill(0);
      angles[Joint.headYaw] = yaw;
      angles[Joint.headPitch] = pitch;
      // The robot knows its own camera only as CameraInfo describes a NAO's.
      const intrinsics = withFocalLengths(naoCameraInfo(camera, mount.imageWidth, mount.imageHeight));
      return { camera, intrinsics, jointAngles: angles, torso: { roll: 0, pitch: 0 }, robotPose: robot.pose2, points };
    });
    expect(samples.reduce((n, s) => n + s.points.length, 0)).toBeGreaterThan(1000);
    const { calibration, rmsBefore, rmsAfter } = calibrateCameras(
      samples,
      lines,
      dims,
      CameraCalibration.defaultValue(),
    );
    const [upper, lower] = calibration.cameraRotationCorrections;
    const degrees = (v: number) => v / deg(1);
    expect(Math.abs(degrees(upper!.y) - 2)).toBeLessThan(0.2);
    expect(Math.abs(degrees(upper!.x) - 1.5)).toBeLessThan(0.2);
    for (const v of [lower!.x, lower!.y, calibration.bodyRotationCorrection.x, calibration.bodyRotationCorrection.y])
      expect(Math.abs(degrees(v))).toBeLessThan(0.2);
    expect(rmsAfter).toBeLessThan(rmsBefore / 50);

    // `save`: the result goes to the robot's folder (head Nao, body Nao: Robots/Nao/Nao) and is what it reads next.
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-calibration-'));
    fs.mkdirSync(path.join(config, 'Robots/Default'), { recursive: true });
    fs.copyFileSync(
      path.join(root, 'config/Robots/Default/cameraCalibration.cfg'),
      path.join(config, 'Robots/Default/cameraCalibration.cfg'),
    );
    fs.mkdirSync(path.join(config, 'Robots/Nao/Nao'), { recursive: true });
    const text = writeTyped(CameraCalibration, calibration);
    expect(text).toMatch(/deg/);
    fs.writeFileSync(path.join(config, 'Robots/Nao/Nao/cameraCalibration.cfg'), text);
    const dirs = searchPath({ headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default' });
    const loaded = loadModuleParameters(CameraCalibrationProvider, { fs: new NodeFileSystem(config), dirs })!;
    expect(loaded.file).toBe('Robots/Nao/Nao/cameraCalibration.cfg');
    expect(loaded.diagnostics).toEqual([]);
    const read = loaded.value as CameraCalibration;
    expect(degrees(read.cameraRotationCorrections[0]!.y)).toBeCloseTo(degrees(upper!.y), 2);
    expect(degrees(read.cameraRotationCorrections[0]!.x)).toBeCloseTo(degrees(upper!.x), 2);
    fs.rmSync(config, { recursive: true });
  });
});
