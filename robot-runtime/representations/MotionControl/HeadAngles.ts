import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/**
 * The head joints the Motion thread commands this frame. The HeadMotionEngine provides it; the MotionCombinator,
 * which assembles the JointRequest, copies the two angles in while the active motion leaves the head free.
 */
export const HeadAngles = defineRepresentation(
  'HeadAngles',
  {
    pan: field(t.angle, 'Commanded HeadYaw (rad, positive turns left), within the joint limits.'),
    tilt: field(t.angle, 'Commanded HeadPitch (rad, positive looks down), within the joint limits at this pan.'),
    targetPan: field(t.angle, 'Pan the head moves to (rad); the commanded pan approaches it at the head speed.'),
    targetTilt: field(t.angle, 'Tilt the head moves to (rad).'),
    tracksBall: field(t.bool, 'True while the head looks at the ball, false while it scans for it.'),
  },
  { doc: 'Head joint angles from the head control: look at the ball or scan for it.' },
);
export type HeadAngles = ValueOf<typeof HeadAngles>;
