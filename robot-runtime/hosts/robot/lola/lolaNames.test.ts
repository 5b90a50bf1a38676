import { describe, expect, it } from 'vitest';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JOINT_TO_LOLA, LOLA_JOINTS, LOLA_TO_JOINT } from './lolaNames';

describe('LoLA joint order', () => {
  it("is LoLA's position order, built from B-Human's chains", () => {
    expect(LOLA_JOINTS).toEqual(
      [
        'headYaw headPitch',
        'lShoulderPitch lShoulderRoll lElbowYaw lElbowRoll lWristYaw',
        'lHipYawPitch lHipRoll lHipPitch lKneePitch lAnklePitch lAnkleRoll',
        'rHipRoll rHipPitch rKneePitch rAnklePitch rAnkleRoll',
        'rShoulderPitch rShoulderRoll rElbowYaw rElbowRoll rWristYaw',
        'lHand rHand',
      ]
        .join(' ')
        .split(' '),
    );
  });

  it('maps both ways; rHipYawPitch reads the lHipYawPitch motor and waistYaw has none', () => {
    expect(LOLA_TO_JOINT[7]).toBe(Joint.lHipYawPitch);
    expect(JOINT_TO_LOLA[Joint.rHipYawPitch]).toBe(7);
    expect(JOINT_TO_LOLA[Joint.waistYaw]).toBe(-1);
    expect(LOLA_TO_JOINT[24]).toBe(Joint.rHand);
  });
});
