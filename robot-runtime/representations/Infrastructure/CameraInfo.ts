import { defineRepresentation } from '../../core/representation';
import { Vector2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { deg } from '../../math/vec2';
import { focalLengthFor, type CameraIntrinsics } from '../../math/projection';

/** Which of the NAO's two head cameras. */
export const Camera = defineEnum('CameraInfo::Camera', ['upper', 'lower'] as const);

/** The thread that processes a camera's images (B-Human's thread names for the two cameras). */
export function cameraThreadName(camera: number): 'Upper' | 'Lower' {
  return camera === Camera.lower ? 'Lower' : 'Upper';
}

/** NAO V6 OV5640 field of view as published by the manufacturer: 56.3 deg horizontally, 43.7 deg vertically. */
const naoOpeningAngleWidth = deg(56.3);
const naoOpeningAngleHeight = deg(43.7);

/**
 * The geometry of the camera whose image the current Perception frame processes, declared as B-Human declares it:
 * the focal lengths are not streamed but derived from the resolution and the opening angles (withFocalLengths).
 */
export const CameraInfo = defineRepresentation(
  'CameraInfo',
  {
    camera: field(Camera, 'Which camera took the image.'),
    width: field(t.int32, 'Image width (pixels).', 640),
    height: field(t.int32, 'Image height (pixels).', 480),
    openingAngleWidth: field(t.angle, 'Horizontal field of view (rad).', naoOpeningAngleWidth),
    openingAngleHeight: field(t.angle, 'Vertical field of view (rad).', naoOpeningAngleHeight),
    opticalCenter: field(Vector2f, 'Principal point of the image (pixels).', { x: 320, y: 240 }),
  },
  { doc: 'Resolution, field of view and intrinsic parameters of a camera.' },
);
export type CameraInfo = ValueOf<typeof CameraInfo>;

/** A CameraInfo for a NAO V6 camera at the given resolution (the simulator's upper camera is 640x480, lower 320x240). */
export function naoCameraInfo(camera: number, width: number, height: number): CameraInfo {
  return {
    camera,
    width,
    height,
    openingAngleWidth: naoOpeningAngleWidth,
    openingAngleHeight: naoOpeningAngleHeight,
    opticalCenter: { x: width / 2, y: height / 2 },
  };
}

/** A CameraInfo with its focal lengths (pixels). */
export type CameraWithFocalLengths = CameraInfo & CameraIntrinsics;

/** The last answer of withFocalLengths per CameraInfo object (blackboard instances are updated in place). */
const derived = new WeakMap<CameraInfo, CameraWithFocalLengths>();

/**
 * The camera with its focal lengths, derived as B-Human derives them when a CameraInfo is read. Perception and
 * modelling ask for it several times per frame of every robot while the camera rarely changes, so the answer is
 * kept per CameraInfo object and derived again only when one of its values changed: treat it as read-only.
 */
export function withFocalLengths(info: CameraInfo): CameraWithFocalLengths {
  const last = derived.get(info);
  if (
    last !== undefined &&
    last.camera === info.camera &&
    last.width === info.width &&
    last.height === info.height &&
    last.openingAngleWidth === info.openingAngleWidth &&
    last.openingAngleHeight === info.openingAngleHeight &&
    last.opticalCenter === info.opticalCenter
  )
    return last;
  const result = {
    ...info,
    focalLength: focalLengthFor(info.width, info.openingAngleWidth),
    focalLengthHeight: focalLengthFor(info.height, info.openingAngleHeight),
  };
  derived.set(info, result);
  return result;
}
