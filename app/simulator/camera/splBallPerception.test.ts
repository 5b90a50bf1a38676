/**
 * BallAndPenaltyMarkPerceptor on images this renderer draws of the SPL ball (Pitchside's texture) and of the
 * penalty marks, with B-Human's ball network from the shared corpus loaded through the config search path: the
 * module reports the ball near the truth, a penalty mark where one is, and nothing on an empty field. With
 * Pitchside's network from the config tree it also finds a mark too far away for a ball spot to lie on it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { composePose3, rotationZ } from '@robot-runtime/math/rotation';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { deg } from '@robot-runtime/math/vec2';
import { BallAndPenaltyMarkPerceptor } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { PenaltyMarkPercept } from '@robot-runtime/representations/Perception/PenaltyMarkPercept';
import { loadScene } from '../scene/loadScene';
import { DEFAULT_CONFIG_ROOT } from '../simulation/robotConfig';
import { textureImage } from '../scene/textureImage';
import { intrinsicsFromOpeningAngles } from './CameraIntrinsics';
import { robotCameraPose } from './cameraPose';
import { renderCameraImage } from './renderCameraImage';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const CORPUS_CONFIG = sharedCorpus('bhuman', 'Config');
const texture = textureImage(path.join(REPO, 'scenes/Textures/splBall.png'))!;
const model = loadScene('scenes/BH.ros3');
const field = FieldDimensions.defaultValue();
const bhuman = configNeuralNetworks({ engine: new OnnxEngine(), fs: new NodeFileSystem(CORPUS_CONFIG), dirs: [''] });

/** Renders what `camera` of a robot at `pose` sees with the SPL ball at `ball` and runs the module on it. */
function perceiveSplBall(
  pose: Pose2,
  camera: 'upper' | 'lower',
  ball?: Vec2,
  params: { multiheadName?: string } = {},
  networks = bhuman,
) {
  const headPitch = deg(15);
  const cam = model.robots[0]!.model.cameras[camera === 'upper' ? 0 : 1]!;
  const k = intrinsicsFromOpeningAngles(cam.imageWidth, cam.imageHeight, cam.angleX, cam.angleY);
  const white = { r: 255, g: 255, b: 255, a: 255 };
  const scene = {
    field: model.field,
    ball: ball && { position: { ...ball, z: 50 }, radius: 50, color: white, texture },
    robots: [],
  };
  const cameraMatrix = robotCameraPose({ rotation: 0, translation: { x: 0, y: 0 } }, 333, cam, {
    HeadPitch: headPitch,
  });
  const onGround = { rotation: rotationZ(pose.rotation), translation: { ...pose.translation, z: 0 } };
  const image = renderCameraImage(scene, composePose3(onGround, cameraMatrix), k);
  const the = {
    CameraImage: { ...CameraImage.defaultValue(), width: k.width / 2, height: k.height, timestamp: 100, image },
    CameraMatrix: { ...cameraMatrix, isValid: true },
    CameraInfo: naoCameraInfo(camera === 'upper' ? 0 : 1, k.width, k.height),
    FieldDimensions: field,
  };
  const m = createModuleForTest(BallAndPenaltyMarkPerceptor, { the, networks, params });
  const percept = BallPercept.defaultValue();
  const mark = PenaltyMarkPercept.defaultValue();
  m.update.BallPercept!(percept);
  m.update.PenaltyMarkPercept!(mark);
  return { percept, mark, debug: m.debug, module: m };
}

const robotAt = (x: number, y: number, rotation = 0): Pose2 => ({ rotation, translation: { x, y } });

describe("BallAndPenaltyMarkPerceptor with B-Human's network on rendered SPL balls", () => {
  it.each([
    ['upper', 1500, 200],
    ['upper', 2500, -300],
    ['lower', 400, 100],
  ] as const)('the %s camera sees the ball %i mm ahead, %i mm to the side, near the truth', (camera, x, y) => {
    const { percept, debug } = perceiveSplBall(robotAt(0, 0), camera, { x, y });
    expect(debug.calls.filter((c) => c.kind === 'text')).toEqual([]);
    expect(percept.status).toBe(BallPerceptStatus.seen);
    const error = Math.hypot(percept.positionOnField.x - x, percept.positionOnField.y - y);
    expect(error).toBeLessThan(0.05 * Math.hypot(x, y));
    // The spots the network looked at are drawn on the image: one box per spot, the ball's in orange.
    const boxes = debug
      .shapes('module:BallAndPenaltyMarkPerceptor:spots')
      .filter((c) => c.shape === 'rectangleOutline');
    expect(boxes.some((c) => (c.args[6] as { r: number; g: number }).g === 128)).toBe(true);
  });

  it('reports no ball and no penalty mark on an empty stretch of field', () => {
    for (const camera of ['upper', 'lower'] as const) {
      const { percept, mark } = perceiveSplBall(robotAt(-1500, 1500, Math.PI / 2), camera);
      expect(percept.status).toBe(BallPerceptStatus.notSeen);
      expect(mark.wasSeen).toBe(false);
    }
  });

  it('finds the penalty mark 1.2 m ahead and no ball there', () => {
    const { percept, mark } = perceiveSplBall(robotAt(-field.xPosOpponentPenaltyMark + 1200, 0, Math.PI), 'upper');
    expect(percept.status).toBe(BallPerceptStatus.notSeen);
    expect(mark.wasSeen).toBe(true);
    expect(Math.hypot(mark.positionOnField.x - 1200, mark.positionOnField.y)).toBeLessThan(100);
  });

  it("takes B-Human's configuration as it is: multiheadName multihead.h5 means its .onnx twin", () => {
    const { percept, debug } = perceiveSplBall(
      robotAt(0, 0),
      'upper',
      { x: 2000, y: 0 },
      { multiheadName: 'multihead.h5' },
    );
    expect(debug.calls.filter((c) => c.kind === 'text')).toEqual([]);
    expect(percept.status).toBe(BallPerceptStatus.seen);
  });

  it('a network that is not there is reported once on the console and nothing is perceived', () => {
    const { percept, debug } = perceiveSplBall(
      robotAt(0, 0),
      'upper',
      { x: 2000, y: 0 },
      { multiheadName: 'none.onnx' },
    );
    expect(percept.status).toBe(BallPerceptStatus.notSeen);
    expect(debug.calls.filter((c) => c.kind === 'text').map((c) => c.args[0])).toEqual([
      'BallAndPenaltyMarkPerceptor: NeuralNets/BallAndPenaltyMarkPerceptor/none.onnx: not found on the config ' +
        'search path; expected inputs [1,32,32,1] and outputs [1,6] (float32)',
    ]);
  });

  it('a second frame with the same image reports nothing new', () => {
    const { percept, module } = perceiveSplBall(robotAt(0, 0), 'upper', { x: 1500, y: 0 });
    expect(percept.status).toBe(BallPerceptStatus.seen);
    module.update.BallPercept!(percept);
    expect(percept.status).toBe(BallPerceptStatus.notSeen);
  });
});

describe("BallAndPenaltyMarkPerceptor with Pitchside's network on a rendered penalty mark", () => {
  it('finds the penalty mark 2.5 m ahead, far lower in the image than a ball there, and draws its candidate', () => {
    const pitchside = configNeuralNetworks({
      engine: new OnnxEngine(),
      fs: new NodeFileSystem(DEFAULT_CONFIG_ROOT),
      dirs: [''],
    });
    const { mark, debug } = perceiveSplBall(
      robotAt(-field.xPosOpponentPenaltyMark + 2500, 0, Math.PI),
      'upper',
      undefined,
      {},
      pitchside,
    );
    expect(mark.wasSeen).toBe(true);
    expect(Math.hypot(mark.positionOnField.x - 2500, mark.positionOnField.y)).toBeLessThan(150);
    // The candidate's blob is drawn, blue as the one reported, about a mark's size (100 mm: ~24 px wide here).
    const boxes = debug
      .shapes('module:BallAndPenaltyMarkPerceptor:penaltyMarkSpots')
      .filter((c) => c.shape === 'rectangleOutline');
    const reported = boxes.filter((c) => (c.args[6] as { b: number; r: number }).b === 255);
    expect(reported).toHaveLength(1);
    const [left, top, right, bottom] = reported[0]!.args as number[];
    expect(right! - left!).toBeGreaterThan(15);
    expect(right! - left!).toBeLessThan(35);
    expect(bottom! - top!).toBeLessThan(right! - left!);
  });
});
