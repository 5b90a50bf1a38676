import { afterEach, describe, expect, it } from 'vitest';
import { KickType, MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { maxSpeed, speed, turnOnTheSpot, walk, walkForward, walkSideways, walkSquare } from './motionGoals';
import { NAO_MODELS, WalkHarness, type NaoModel, type WalkParams } from './walkHarness';

// The WalkingEngine on the articulated (MuJoCo) NAO: real physics, the parameters of
// config/Scenarios/Default/walkingEngine.cfg (walkHarness.ts), no help from the simulator. The goals of the walk hold
// on Pitchside's NAO model and on B-Human's (docs/motion.md, "On B-Human's NAO model") with the same parameters.
const open: WalkHarness[] = [];
afterEach(() => open.splice(0).forEach((h) => h.dispose()));

async function standing(model: NaoModel = 'pitchside'): Promise<WalkHarness> {
  const h = await WalkHarness.create({ odometryNoise: 0 }, undefined, false, model);
  open.push(h);
  h.run(1);
  return h;
}

describe.each(NAO_MODELS)("WalkingEngine on $name articulated NAO: the walk's goals", ({ model, name }) => {
  it('stands 10 s without falling', async () => {
    const h = await standing(model);
    h.run(10);
    expect(h.fallen).toBe(false);
    expect(h.maxTilt).toBeLessThan(0.15);
  });

  it('walks forward at top speed for 60 s (a wide circle of 3 m radius, the field is too short)', async () => {
    const h = await standing(model);
    const forward = walkForward(h);
    expect(forward.fell).toBe(false);
    // At least 90 % of the top speed on average over the minute, the start included.
    expect(forward.speed).toBeGreaterThan(0.9 * maxSpeed(h).translation.x);
    console.log(`${name} forward: ${forward.speed.toFixed(0)} mm/s`);
  });

  it('walks sideways at top speed for 60 s (left and right, 15 s each)', async () => {
    const h = await standing(model);
    const sideways = walkSideways(h);
    expect(sideways.fell).toBe(false);
    expect(sideways.speed).toBeGreaterThan(0.8 * maxSpeed(h).translation.y);
    console.log(`${name} sideways: ${sideways.speed.toFixed(0)} mm/s`);
  });

  it('turns on the spot at top speed for 60 s, at least 60°/s', async () => {
    const h = await standing(model);
    const turning = turnOnTheSpot(h);
    expect(turning.fell).toBe(false);
    expect(turning.degreesPerSecond).toBeGreaterThan(60);
    console.log(`${name} turning: ${turning.degreesPerSecond.toFixed(1)} °/s`);
  });

  it('walks a 2 m square at top speed for 60 s, facing along each side', async () => {
    const h = await standing(model);
    const square = walkSquare(h);
    expect(square.fell).toBe(false);
    expect(square.corners).toBeGreaterThanOrEqual(4);
    console.log(`${name} square: ${square.corners} corners in 60 s`);
  });
});

describe('WalkingEngine on the articulated NAO', () => {
  it('odometry after a 5 m walk is within 10 % of the true displacement', async () => {
    const h = await standing();
    h.world.moveRobot('robot1', { rotation: 0, translation: { x: -2500, y: -1000 } });
    h.run(1);
    const start = h.pose;
    const odometryStart = { ...h.odometry.translation };
    h.request.motion = MotionType.walkAtRelativeSpeed;
    h.run(40, () => {
      const walked = Math.hypot(h.odometry.translation.x - odometryStart.x, h.odometry.translation.y - odometryStart.y);
      h.request.walkSpeed = walked < 5000 ? speed(1, 0, 0) : speed(0, 0, 0);
    });
    expect(h.fallen).toBe(false);
    const odometry = Math.hypot(h.odometry.translation.x - odometryStart.x, h.odometry.translation.y - odometryStart.y);
    const truth = Math.hypot(h.pose.translation.x - start.translation.x, h.pose.translation.y - start.translation.y);
    expect(truth).toBeGreaterThan(4000);
    expect(Math.abs(odometry - truth) / truth).toBeLessThan(0.1);
    console.log(`odometry: ${odometry.toFixed(0)} mm, true ${truth.toFixed(0)} mm`);
  });

  it('walking, a push from the side of 1.62 N·s (15 N for 108 ms at the torso) is caught by a sideways step', async () => {
    const pushed = async (params: WalkParams): Promise<boolean> => {
      const h = await WalkHarness.create({ odometryNoise: 0, ...params });
      open.push(h);
      h.run(1);
      walk(h, 2, () => speed(0.5, 0, 0));
      let frames = 0;
      return walk(h, 4, () => {
        if (frames++ < 9) h.world.push('robot1', { x: 0, y: 15, z: 0 });
        return speed(0.5, 0, 0);
      }).fell;
    };
    expect(await pushed({})).toBe(false);
    // The same push without capture-point stepping tips the robot over: the step, not luck, catches it.
    expect(await pushed({ captureTime: 0 })).toBe(true);
  });

  it('starting to walk while still rocking sideways, the first step swings the foot the torso rolls away from', async () => {
    // A standing robot is pushed sideways (12 N for 0.2 s at the torso) and asked to walk to a place 1.2 m to the
    // side, turned by 70°, while it still rocks: in games, robots that started so leaned 10–20° and fell.
    // With `untilFall`, the starts end at the first fall (all that the counter-example needs).
    const starts = async (params: WalkParams, untilFall = false): Promise<{ falls: number; maxRoll: number }> => {
      let falls = 0;
      let maxRoll = 0;
      for (const push of [12, -12])
        for (const side of [1, -1])
          for (const delay of [0.096, 0.144, 0.336]) {
            if (untilFall && falls > 0) return { falls, maxRoll };
            const h = await WalkHarness.create({ odometryNoise: 0, ...params });
            try {
              h.run(1);
              h.run(0.2, () => h.world.push('robot1', { x: 0, y: push, z: 0 }));
              h.run(delay);
              h.request.motion = MotionType.walkToPose;
              h.request.walkSpeed = speed(1, 1, 1);
              h.request.walkTarget = { rotation: side * 1.2, translation: { x: 400, y: side * 1200 } };
              h.run(3, () => (maxRoll = Math.max(maxRoll, Math.abs(h.world.getState().robots[0]!.torso!.roll))));
              if (h.fallen) falls++;
            } finally {
              h.dispose();
            }
          }
      return { falls, maxRoll };
    };
    const rolling = await starts({});
    expect(rolling.falls).toBe(0);
    expect(rolling.maxRoll).toBeLessThan((10 * Math.PI) / 180);
    // Choosing the first step by the feet's weight alone, the robot lifts the foot it rolls onto and falls.
    const byWeight = await starts({ firstStepGyro: Infinity }, true);
    expect(byWeight.falls).toBeGreaterThan(0);
  });

  it('kicks from standing again and again for 8 s without falling, and the kicks move the ball', async () => {
    const h = await WalkHarness.create({ odometryNoise: 0 }, { x: 160, y: -50 });
    open.push(h);
    h.run(1);
    h.request.motion = MotionType.kick;
    h.request.kickType = KickType.forwardRight;
    h.request.kickStrength = 1;
    let kicks = 0;
    let fell = false;
    let wasKicking = false;
    h.run(8, () => {
      fell ||= h.fallen;
      if (h.info.isKicking && !wasKicking) kicks++;
      wasKicking = h.info.isKicking;
    });
    expect(fell || h.fallen).toBe(false);
    // Each kick waits for a calm torso, so they do not follow each other at once.
    expect(kicks).toBeGreaterThanOrEqual(3);
    expect(h.world.getState().ball!.position.x).toBeGreaterThan(600);
  });

  it('a fall is detected before the impact: arms out, stiffness off; placed upright it stands again', async () => {
    const h = await standing();
    // Lying, it would get up by itself (getUp.test.ts); here it waits to be placed, as a penalized robot does.
    (h.combinator.params as { getUpWhenFallen: boolean }).getUpWhenFallen = false;
    let detectedAtTilt: number | undefined;
    let frames = 0;
    h.run(3, () => {
      if (frames++ < 9) h.world.push('robot1', { x: 40, y: 0, z: 0 });
      const m = h.world.measure('robot1').InertialData.angle;
      const tilt = Math.acos(Math.cos(m.x) * Math.cos(m.y));
      if (detectedAtTilt === undefined && h.joints.stiffnessData.stiffnesses[0] === h.params.fallingStiffness)
        detectedAtTilt = tilt;
    });
    expect(h.fallen).toBe(true);
    expect(h.info.isFallen).toBe(true);
    expect(detectedAtTilt).toBeLessThan((60 * Math.PI) / 180);
    expect(h.joints.stiffnessData.stiffnesses.every((s) => s === h.params.fallingStiffness)).toBe(true);
    h.world.moveRobot('robot1', { rotation: 0, translation: { x: 0, y: 0 } });
    h.run(3);
    expect(h.fallen).toBe(false);
    expect(h.info.isFallen).toBe(false);
    expect(h.joints.stiffnessData.stiffnesses[0]).toBe(h.params.stiffness);
  });
});
