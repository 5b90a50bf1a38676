import { afterEach, describe, expect, it } from 'vitest';
import { deg } from '@robot-runtime/math/vec2';
import { WalkHarness } from './walkHarness';

// The HeadMotionEngine on the articulated (MuJoCo) NAO: the head's servos, driven through the WalkingEngine's
// JointRequest, turn the real head toward the ball; the joint sensors say where it really points.
const open: WalkHarness[] = [];
afterEach(() => open.splice(0).forEach((h) => h.dispose()));

describe('HeadMotionEngine on the articulated NAO', () => {
  it('turns the head toward a ball to the side; the measured yaw follows within a few degrees', async () => {
    // The robot stands at the field's centre facing +x; the ball lies 1.5 m to its left, 0.5 m ahead (71.6°).
    const h = await WalkHarness.create({ odometryNoise: 0 }, { x: 500, y: 1500 }, true);
    open.push(h);
    let worstLag = 0;
    h.run(2, () => {
      worstLag = Math.max(worstLag, Math.abs(h.measuredHead.yaw - h.headAngles.pan));
    });
    const bearing = Math.atan2(1500 - h.pose.translation.y, 500 - h.pose.translation.x) - h.pose.rotation;
    expect(h.fallen).toBe(false);
    expect(h.headAngles.tracksBall).toBe(true);
    expect(Math.abs(h.headAngles.pan - bearing)).toBeLessThan(deg(1));
    expect(Math.abs(h.measuredHead.yaw - bearing)).toBeLessThan(deg(3));
    expect(Math.abs(h.measuredHead.pitch - h.headAngles.tilt)).toBeLessThan(deg(3));
    // While turning at the head speed (3 rad/s) the measured yaw trails the command by the servo's delay and the
    // frame-old measurement, about 50 ms or 9°; it never falls further behind.
    expect(worstLag).toBeLessThan(deg(12));

    // The ball moves to the other side: the head follows it there.
    h.world.moveBall({ x: 1000, y: -1000 });
    h.run(2);
    const back = Math.atan2(-1000 - h.pose.translation.y, 1000 - h.pose.translation.x) - h.pose.rotation;
    expect(Math.abs(h.measuredHead.yaw - back)).toBeLessThan(deg(3));
    expect(h.fallen).toBe(false);
  });
});
