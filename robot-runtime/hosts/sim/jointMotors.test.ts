import { describe, expect, it } from 'vitest';
import { Joint, JOINT_OFF, numOfJoints } from '../../representations/Infrastructure/Joints';
import { JointMotors } from './jointMotors';

describe('JointMotors', () => {
  it('draws current by stiffness and lag, warms under load and stays cold when switched off', () => {
    const motors = new JointMotors();
    const angles = new Array<number>(numOfJoints).fill(0);
    const stiffnesses = new Array<number>(numOfJoints).fill(-1);
    angles[Joint.headYaw] = JOINT_OFF;
    angles[Joint.lKneePitch] = 0.3; // the knee lags 0.3 rad behind its target
    for (let t = 0; t <= 600_000; t += 12)
      motors.update(t, { angles, stiffnesses }, new Array<number>(numOfJoints).fill(0));
    const currents = motors.currents();
    const temperatures = motors.temperatures();
    expect(currents[Joint.headYaw]).toBe(0);
    expect(currents[Joint.lKneePitch]).toBeGreaterThan(currents[Joint.rKneePitch]!);
    expect(currents[Joint.rKneePitch]).toBeGreaterThan(currents[Joint.lShoulderPitch]!);
    expect(temperatures[Joint.headYaw]).toBe(28);
    expect(temperatures[Joint.lKneePitch]).toBeGreaterThan(temperatures[Joint.rKneePitch]!);
    expect(temperatures[Joint.lKneePitch]).toBeGreaterThan(40);
    expect(temperatures[Joint.lKneePitch]).toBeLessThan(90);
  });
});
