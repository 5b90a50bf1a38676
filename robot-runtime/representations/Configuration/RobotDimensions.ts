import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';
import { deg } from '../../math/vec2';

/**
 * NAO V6 link lengths and camera placement. The defaults are the manufacturer's published NAO V6 link
 * dimensions (Aldebaran/SoftBank "NAO - Links" documentation): neck 126.5 mm above the torso origin, hips 85 mm
 * below it and 50 mm to the side, thigh 100 mm, tibia 102.9 mm, foot height 45.19 mm; the upper camera 58.71 mm
 * ahead of and 63.64 mm above the head pitch axis tilted down by 1.2 deg, the lower one 50.71 mm / 17.74 mm tilted
 * by 39.7 deg (the same tilts SimRobot's NAO model uses).
 */
export const RobotDimensions = defineRepresentation(
  'RobotDimensions',
  {
    yHipOffset: field(t.float, 'Lateral distance of each hip joint from the torso centre (mm).', 50),
    zHipOffset: field(t.float, 'Vertical distance of the hip joints below the torso origin (mm).', 85),
    upperLegLength: field(t.float, 'Hip pitch axis to knee axis (mm).', 100),
    lowerLegLength: field(t.float, 'Knee axis to ankle axis (mm).', 102.9),
    footHeight: field(t.float, 'Ankle axis to the sole (mm).', 45.19),
    zNeckOffset: field(t.float, 'Torso origin to the head yaw/pitch axes (mm).', 126.5),
    xOffsetNeckToUpperCamera: field(
      t.float,
      'Forward offset of the upper camera from the head pitch axis (mm).',
      58.71,
    ),
    zOffsetNeckToUpperCamera: field(t.float, 'Upward offset of the upper camera from the head pitch axis (mm).', 63.64),
    upperCameraTilt: field(t.angle, 'Downward tilt of the upper camera relative to the head (rad).', deg(1.2)),
    xOffsetNeckToLowerCamera: field(
      t.float,
      'Forward offset of the lower camera from the head pitch axis (mm).',
      50.71,
    ),
    zOffsetNeckToLowerCamera: field(t.float, 'Upward offset of the lower camera from the head pitch axis (mm).', 17.74),
    lowerCameraTilt: field(t.angle, 'Downward tilt of the lower camera relative to the head (rad).', deg(39.7)),
  },
  { doc: "Lengths of the robot's links and the placement of its cameras." },
);
export type RobotDimensions = ValueOf<typeof RobotDimensions>;
