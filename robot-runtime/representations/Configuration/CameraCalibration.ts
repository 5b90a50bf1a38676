import { defineRepresentation } from '../../core/representation';
import { field, t, Vector2a, Vector3a, type ValueOf } from '../../core/streamable';

/**
 * The fields of CameraCalibration, B-Human's names and layout; shared with the provider's parameters, so that
 * `cameraCalibration.cfg` is read and written as the representation.
 */
export const cameraCalibrationFields = {
  cameraRotationCorrections: field(
    t.array(Vector3a, 2),
    'Per camera (upper, lower), rotations of the mount: roll about x, tilt about y, pan about z (rad; deg in the ' +
      'cfg), applied after the nominal camera tilt.',
    () => [
      { x: 0, y: 0, z: 0 },
      { x: 0, y: 0, z: 0 },
    ],
  ),
  bodyRotationCorrection: field(
    Vector2a,
    'Rotation of the torso against what the inertial sensor says: roll about x, tilt about y (rad; deg in the cfg).',
  ),
};

/**
 * How this robot's cameras and torso sit differently from the nominal NAO: every NAO's cameras are mounted a
 * little differently, and a degree of tilt moves a ball 3 m away by a tenth of its distance. Read per robot from
 * `Robots/<name>/cameraCalibration.cfg` through the search path; the camera matrix applies it.
 */
export const CameraCalibration = defineRepresentation('CameraCalibration', cameraCalibrationFields, {
  doc: 'Corrections of the camera mounts and of the torso orientation, found by calibration.',
});
export type CameraCalibration = ValueOf<typeof CameraCalibration>;
