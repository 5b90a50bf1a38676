import { describe, expect, it } from 'vitest';
import { fromColumnMajor, identity, invert, multiply, toColumnMajor, transpose } from './matrix';
import { composePose3, invertPose3, pose3ToGlobal, pose3ToLocal, rotationX, rotationY, rotationZ, multiplyRotation, toEulerXYZ, translationPose3, rotationPose3 } from './rotation';
import { imageToRobotPlane, robotToImage } from './projection';

describe('matrix', () => {
  it('inverts and multiplies', () => {
    const a = [
      [4, 1, 0],
      [1, 3, 1],
      [0, 1, 2],
    ];
    const product = multiply(a, invert(a));
    product.forEach((row, r) => row.forEach((v, c) => expect(v).toBeCloseTo(identity(3)[r]![c]!, 12)));
    expect(transpose([[1, 2, 3]])).toEqual([[1], [2], [3]]);
    expect(() => invert([[1, 2], [2, 4]])).toThrow(/singular/);
  });

  it('converts to and from the column-major form of representations', () => {
    const m = [
      [1, 2],
      [3, 4],
    ];
    expect(toColumnMajor(m)).toEqual([1, 3, 2, 4]);
    expect(fromColumnMajor([1, 3, 2, 4], 2)).toEqual(m);
  });
});

describe('rotation', () => {
  it('recovers Euler angles in ROTATE3D order and inverts poses', () => {
    const r = multiplyRotation(rotationZ(0.3), multiplyRotation(rotationY(-0.2), rotationX(0.1)));
    const e = toEulerXYZ(r);
    expect(e.x).toBeCloseTo(0.1, 12);
    expect(e.y).toBeCloseTo(-0.2, 12);
    expect(e.z).toBeCloseTo(0.3, 12);
    const pose = composePose3(translationPose3(100, -50, 400), rotationPose3(r));
    const p = { x: 10, y: 20, z: 30 };
    const back = pose3ToLocal(pose, pose3ToGlobal(pose, p));
    expect(back.x).toBeCloseTo(10, 9);
    const inv = pose3ToGlobal(invertPose3(pose), pose3ToGlobal(pose, p));
    expect(inv.z).toBeCloseTo(30, 9);
  });

  it('rotates positive pitch downwards', () => {
    const forward = pose3ToGlobal(rotationPose3(rotationY(Math.PI / 2)), { x: 1, y: 0, z: 0 });
    expect(forward.z).toBeCloseTo(-1, 12);
  });
});

describe('projection', () => {
  it('maps a ground point into the image and back', () => {
    const camera = composePose3(translationPose3(0, 0, 500), rotationPose3(rotationY(0.5)));
    const intrinsics = { opticalCenter: { x: 320, y: 240 }, focalLength: 600, focalLengthHeight: 600 };
    const pixel = robotToImage(camera, intrinsics, { x: 1200, y: 300, z: 0 })!;
    const ground = imageToRobotPlane(camera, intrinsics, pixel)!;
    expect(ground.x).toBeCloseTo(1200, 6);
    expect(ground.y).toBeCloseTo(300, 6);
    expect(robotToImage(camera, intrinsics, { x: -1000, y: 0, z: 0 })).toBeUndefined();
    expect(imageToRobotPlane(camera, intrinsics, { x: 320, y: -2000 })).toBeUndefined(); // above the horizon
  });
});
