import { defineRepresentation } from '../../core/representation';
import { RotationMatrix, Vector3f, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { pose3ToGlobal, toEulerXYZ } from '../../math/rotation';

/**
 * The pose of the current camera relative to the robot: origin on the ground between the feet, x forward,
 * z up (a Pose3f, so rotation and translation come first as in B-Human, where CameraMatrix derives from Pose3f).
 */
export const CameraMatrix = defineRepresentation(
  'CameraMatrix',
  {
    rotation: field(
      RotationMatrix,
      'Orientation of the camera frame (x along the optical axis) in robot coordinates.',
      () => [1, 0, 0, 0, 1, 0, 0, 0, 1],
    ),
    translation: field(Vector3f, 'Position of the camera in robot coordinates (mm).', () => ({ x: 0, y: 0, z: 500 })),
    isValid: field(
      t.bool,
      'False while the pose cannot be trusted (e.g. the robot is falling or its joints are unknown).',
      true,
    ),
  },
  {
    doc: 'Position and orientation of the camera relative to the robot origin on the ground.',
    draw(cm, debug) {
      debug.drawing3d('representation:CameraMatrix', 'robot', (d) => {
        const origin = cm.translation;
        const tip = pose3ToGlobal(cm, { x: 1000, y: 0, z: 0 });
        d.line({ x: 0, y: 0, z: 0 }, origin, 1, Colors.gray);
        d.line(origin, tip, 2, cm.isValid ? Colors.green : Colors.red);
        const e = toEulerXYZ(cm.rotation);
        d.translate(origin.x, origin.y, origin.z);
        d.rotate(e.x, e.y, e.z);
        d.coordinates(100, 2);
      });
    },
  },
);
export type CameraMatrix = ValueOf<typeof CameraMatrix>;
