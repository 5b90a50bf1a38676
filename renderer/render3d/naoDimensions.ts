/**
 * @file Link offsets of the NAO V6 (mm, from Aldebaran's published kinematics, the values B-Human's
 * RobotDimensions use): enough to pose a display model from the 25 joint angles. Axes follow the NAO's frames:
 * x forward, y left, z up, all joints at zero with arms pointing forward and legs straight.
 */

/** Link offsets and sizes of the display model (mm). */
export const NAO = {
  neckOffsetZ: 126.5,
  shoulderOffsetY: 98,
  shoulderOffsetZ: 100,
  upperArmLength: 105,
  elbowOffsetY: 15,
  lowerArmLength: 113.7,
  hipOffsetY: 50,
  hipOffsetZ: 85,
  thighLength: 100,
  tibiaLength: 102.9,
  footHeight: 45.19,
  /** Camera positions relative to the head pitch joint and their pitch (rad). */
  cameraTop: { x: 58.71, z: 63.64, pitch: (1.2 * Math.PI) / 180 },
  cameraBottom: { x: 50.71, z: 17.74, pitch: (39.7 * Math.PI) / 180 },
} as const;
