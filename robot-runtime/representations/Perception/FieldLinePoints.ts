import { defineRepresentation } from '../../core/representation';
import { defineClass, field, t, Vector2a, Vector2f, type ValueOf } from '../../core/streamable';
import { Joint } from '../Infrastructure/Joints';
import { Camera } from '../Infrastructure/CameraInfo';

/** One point in the middle of a white field line, found in the camera image. */
export const FieldLinePoint = defineClass('FieldLinePoints::Point', {
  pixel: field(Vector2f, 'Centre of the white run across the line (pixels).'),
  direction: field(
    t.angle,
    'Direction of the line through this point in the image (rad, from the x axis towards y; ambiguous by pi), ' +
      'perpendicular to the brightness gradient at the edges of the run.',
  ),
  onGround: field(Vector2f, 'Where the point lies on the ground relative to the robot (mm), by the camera matrix.'),
});
export type FieldLinePoint = ValueOf<typeof FieldLinePoint>;

/**
 * Points on the field lines that one camera image shows, with what the camera's pose was computed from at that
 * moment (joint angles and torso tilt), so that a calibration can project them again through other corrections.
 */
export const FieldLinePoints = defineRepresentation(
  'FieldLinePoints',
  {
    camera: field(Camera, 'The camera whose image the points are from.'),
    time: field(t.uint32, 'Time stamp (ms) of the image; 0 when no image was scanned this frame.'),
    opticalCenter: field(Vector2f, "The camera's principal point (pixels).", { x: 320, y: 240 }),
    focalLength: field(t.float, 'Focal length for horizontal offsets (pixels).', 1),
    focalLengthHeight: field(t.float, 'Focal length for vertical offsets (pixels).', 1),
    jointAngles: field(t.enumArray(Joint, t.angle), 'The measured joint angles the camera matrix was computed from.'),
    torso: field(Vector2a, 'Torso roll (x) and pitch (y) the inertial sensor measured then (rad).'),
    points: field(t.vector(FieldLinePoint), 'The line points found in the image.'),
  },
  {
    doc:
      'Field line points found in one camera image (centres of white runs on green, with their direction), for ' +
      'the automatic camera calibration.',
  },
);
export type FieldLinePoints = ValueOf<typeof FieldLinePoints>;
