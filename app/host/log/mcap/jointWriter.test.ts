// Joint states written by hand are the text JSON.stringify writes of the message object.
import { describe, expect, it } from 'vitest';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { jointStates, jointStatesTail } from './jointWriter';

describe('jointStatesTail', () => {
  it('is the JSON of the JointStates message after its time stamp, joints without an angle left out', () => {
    const stamp = { sec: 1764000000, nsec: 123456789 };
    const angles = Joint.names.map((_, i) => (i * 0.1234567) / 3 - 1);
    angles[0] = JOINT_OFF;
    angles[3] = JOINT_IGNORE;
    angles[5] = Number.NaN;
    angles[7] = -0;
    const text = `{"timestamp":${JSON.stringify(stamp)}${jointStatesTail(angles)}`;
    expect(text).toBe(JSON.stringify(jointStates(stamp, angles)));
    expect(JSON.parse(text).joints).toHaveLength(Joint.names.length - 3);
    // Extra values beyond the named joints are left out too.
    expect(jointStatesTail([...angles, 1])).toBe(jointStatesTail(angles));
  });
});
