import { afterEach, describe, expect, it } from 'vitest';
import { deg } from '@robot-runtime/math/vec2';
import { MotionType, SpecialActionID } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { knockOver, torso, untilStanding } from './motionGoals';
import { NAO_MODELS, WalkHarness, type NaoModel } from './walkHarness';

// Getting up and the special actions on the articulated (MuJoCo) NAO: the keyframe motions of
// config/Scenarios/Default/keyframeMotionEngine.cfg, selected by the MotionCombinator, real physics. The get-ups hold
// on Pitchside's NAO model and on B-Human's with the same keyframes (docs/motion.md, "On B-Human's NAO model").
const open: WalkHarness[] = [];
afterEach(() => open.splice(0).forEach((h) => h.dispose()));

async function standing(model: NaoModel = 'pitchside'): Promise<WalkHarness> {
  const h = await WalkHarness.create({ odometryNoise: 0 }, undefined, false, model);
  open.push(h);
  h.run(1);
  return h;
}

/** Pushes the standing robot over (forward: onto its front) and runs until it lies still on the ground. */
function pushOver(h: WalkHarness, forward: boolean): void {
  knockOver(h, forward);
  expect(h.fallen).toBe(true);
  expect(h.info.isFallen).toBe(true);
}

/** Runs `seconds` and returns the lowest torso height (mm) and the largest tilt (rad) meanwhile. */
function hold(h: WalkHarness, seconds: number): { minZ: number; maxZ: number; maxTilt: number } {
  let minZ = Infinity;
  let maxZ = -Infinity;
  let maxTilt = 0;
  h.run(seconds, () => {
    const t = torso(h);
    minZ = Math.min(minZ, t.z);
    maxZ = Math.max(maxZ, t.z);
    maxTilt = Math.max(maxTilt, t.tilt);
  });
  return { minZ, maxZ, maxTilt };
}

describe.each(NAO_MODELS)('getting up on $name articulated NAO', ({ model, name }) => {
  for (const side of ['front', 'back'] as const) {
    it(`lying on its ${side}, it gets up by itself within 10 s and then stands stably for 2 s`, async () => {
      const h = await standing(model);
      pushOver(h, side === 'front');
      const lying = h.world.getState().robots[0]!.torso!.pitch;
      expect(Math.sign(lying)).toBe(side === 'front' ? 1 : -1);
      const { seconds, wasGettingUp } = untilStanding(h, 10);
      expect(wasGettingUp).toBe(true);
      expect(seconds).toBeLessThan(10);
      expect(h.info.getUpCount).toBe(1);
      expect(h.info.getUpTries).toBe(1);
      const after = hold(h, 2);
      expect(after.minZ).toBeGreaterThan(280);
      expect(after.maxTilt).toBeLessThan(deg(10));
      expect(h.fallen).toBe(false);
      expect(h.info.isFallen).toBe(false);
      console.log(`${name} get-up from the ${side}: ${seconds.toFixed(1)} s after lying`);
    });
  }
});

describe('getting up on the articulated NAO', () => {
  it('put on its feet in the middle of a get-up (as the referee takes a penalized robot off), it stands', async () => {
    // The referee lifts the robot and stands it on its feet, joints straightened; the get-up must not go on and fold
    // the standing robot into a lying robot's pose. Before, 8 of these 10 placements ended lying.
    for (const side of ['front', 'back'] as const)
      for (const after of [0.5, 1.5, 2.5, 3.5, 4.5]) {
        const h = await standing();
        pushOver(h, side === 'front');
        h.run(after);
        expect(h.info.executedMotion).toBe(MotionType.getUp);
        h.world.moveRobot('robot1', { rotation: 0, translation: { x: 0, y: 0 } });
        const placed = hold(h, 3);
        expect({ side, after, fallen: h.fallen, maxTilt: placed.maxTilt < deg(25) }).toEqual({
          side,
          after,
          fallen: false,
          maxTilt: true,
        });
        expect(h.info.executedMotion).toBe(MotionType.stand);
        expect(h.info.getUpCount).toBe(0); // it did not get up by itself
        h.dispose();
        open.splice(open.indexOf(h), 1);
      }
  });

  it('pushed over sideways, its first get-up fails the torso check, it starts again and still gets up', async () => {
    const h = await standing();
    let frames = 0;
    h.run(1, () => {
      if (frames++ < 9) h.world.push('robot1', { x: 0, y: 40, z: 0 });
    });
    expect(h.fallen).toBe(true);
    const { seconds } = untilStanding(h, 10);
    expect(seconds).toBeLessThan(10);
    expect(h.info.getUpTries).toBe(2);
    expect(h.info.getUpCount).toBe(1);
    expect(hold(h, 1).maxTilt).toBeLessThan(deg(10));
  });
});

describe('special actions on the articulated NAO', () => {
  it('sits down (torso low, stable) and stands up again into the walk', async () => {
    const h = await standing();
    h.request.motion = MotionType.special;
    h.request.specialAction = SpecialActionID.sitDown;
    h.run(3);
    expect(h.info.executedMotion).toBe(MotionType.special);
    const sitting = hold(h, 2);
    expect(sitting.maxZ).toBeLessThan(240);
    expect(sitting.maxZ - sitting.minZ).toBeLessThan(5);
    expect(sitting.maxTilt).toBeLessThan(deg(10));
    // Asked to walk while sitting, it stands up first (the stand special action), then walks.
    h.request.motion = MotionType.walkAtRelativeSpeed;
    h.request.walkSpeed = { rotation: 0, translation: { x: 0.5, y: 0 } };
    h.run(0.5);
    expect([h.info.executedMotion, h.info.specialAction]).toEqual([MotionType.special, SpecialActionID.stand]);
    h.run(3);
    expect(h.info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(torso(h).z).toBeGreaterThan(280);
    expect(h.fallen).toBe(false);
  });

  it('stands up from sitting on request, and stands high', async () => {
    const h = await standing();
    const crouch = torso(h).z;
    h.request.motion = MotionType.special;
    h.request.specialAction = SpecialActionID.sitDown;
    h.run(3);
    h.request.specialAction = SpecialActionID.stand;
    h.run(2.5);
    const stood = hold(h, 1);
    expect(stood.minZ).toBeGreaterThan(crouch - 5);
    expect(stood.maxTilt).toBeLessThan(deg(10));
    h.request.specialAction = SpecialActionID.standHigh;
    h.run(1.5);
    const high = hold(h, 1);
    expect(high.minZ).toBeGreaterThan(crouch + 15);
    expect(high.maxTilt).toBeLessThan(deg(10));
    expect(h.fallen).toBe(false);
  });
});
