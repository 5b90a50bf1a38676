import { describe, expect, it } from 'vitest';
import { naoCameraInfo, withFocalLengths } from './CameraInfo';

describe('withFocalLengths', () => {
  it('derives the focal lengths again only when the camera changed', () => {
    const info = naoCameraInfo(0, 640, 480);
    const first = withFocalLengths(info);
    expect(first.focalLength).toBeCloseTo(320 / Math.tan(info.openingAngleWidth / 2), 9);
    expect(withFocalLengths(info)).toBe(first);
    info.width = 320; // blackboard instances change in place
    const second = withFocalLengths(info);
    expect(second).not.toBe(first);
    expect(second.width).toBe(320);
    expect(second.focalLength).toBeCloseTo(first.focalLength / 2, 9);
    expect(withFocalLengths(naoCameraInfo(0, 640, 480))).toEqual(first);
  });
});
