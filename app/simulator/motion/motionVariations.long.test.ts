/**
 * @file "A different NAO" (issue 38): the walk's goals and the get-ups on each NAO model with its masses, its motor
 * strength and the friction varied by up to ±10 % (eight seeded variations), so that a change tuned to one body shows
 * here. Every variation's figures are printed; docs/motion.md ("On B-Human's NAO model") reports them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { knockOver, turnOnTheSpot, untilStanding, walkForward, walkSideways, walkSquare } from './motionGoals';
import { NAO_MODELS, WalkHarness, type NaoModel } from './walkHarness';

/** A body of the same kind: factors on the masses, the motors' torques and the friction. */
interface Variation {
  mass: number;
  motorStrength: number;
  friction: number;
}

const VARIATIONS: Variation[] = (() => {
  const random = new SeededRandom(7);
  const factor = (): number => 0.9 + 0.2 * random.next();
  return Array.from({ length: 8 }, () => ({ mass: factor(), motorStrength: factor(), friction: factor() }));
})();

const open: WalkHarness[] = [];
afterEach(() => open.splice(0).forEach((h) => h.dispose()));

async function standing(model: NaoModel, v: Variation): Promise<WalkHarness> {
  const h = await WalkHarness.create({ odometryNoise: 0 }, undefined, false, model);
  open.push(h);
  h.world.varyRobot('robot1', v);
  h.world.scaleFriction(v.friction);
  h.run(1);
  return h;
}

const label = (v: Variation): string =>
  `mass ×${v.mass.toFixed(3)}, motors ×${v.motorStrength.toFixed(3)}, friction ×${v.friction.toFixed(3)}`;

describe.each(NAO_MODELS)('$name NAO with masses, motors and friction varied by ±10 %', ({ model, name }) => {
  it('walks forward, sideways, turning and round the square for 60 s each without a fall in all 8 variations', async () => {
    const rows: string[] = [];
    let steady = 0;
    for (const v of VARIATIONS) {
      const forward = walkForward(await standing(model, v));
      const sideways = walkSideways(await standing(model, v));
      const turning = turnOnTheSpot(await standing(model, v));
      const square = walkSquare(await standing(model, v));
      open.splice(0).forEach((h) => h.dispose());
      const falls = [forward, sideways, turning, square].filter((g) => g.fell).length;
      if (falls === 0) steady++;
      rows.push(
        `${label(v)}: forward ${forward.speed.toFixed(0)} mm/s, sideways ${sideways.speed.toFixed(0)} mm/s, ` +
          `turning ${turning.degreesPerSecond.toFixed(1)} °/s, square ${square.corners} corners` +
          (falls
            ? `, ${forward.fell ? 'forward ' : ''}${sideways.fell ? 'sideways ' : ''}` +
              `${turning.fell ? 'turning ' : ''}${square.fell ? 'square ' : ''}fell`
            : ''),
      );
    }
    console.log(`${name} walks:\n  ${rows.join('\n  ')}`);
    // The goal is all eight. Speeds are printed, not required: on a slipperier carpet the feet slip more
    // when turning, and the turn rate of the model itself (walk.test.ts: at least 60°/s) drops below it.
    expect(steady).toBe(VARIATIONS.length);
  }, 600_000);

  it('gets up from the front and the back within 10 s in all 8 variations', async () => {
    const rows: string[] = [];
    let up = 0;
    for (const v of VARIATIONS) {
      const times: string[] = [];
      let both = true;
      for (const forward of [true, false]) {
        const h = await standing(model, v);
        knockOver(h, forward);
        const { seconds } = untilStanding(h, 10);
        const stood = seconds < 10 && !h.fallen;
        both &&= stood;
        times.push(stood ? `${seconds.toFixed(1)} s` : 'not up');
        open.splice(open.indexOf(h), 1);
        h.dispose();
      }
      if (both) up++;
      rows.push(`${label(v)}: front ${times[0]}, back ${times[1]}`);
    }
    console.log(`${name} get-ups:\n  ${rows.join('\n  ')}`);
    // The heaviest body with the weakest motors (masses ×1.085, motors ×0.909) is the hard one: the keyframes before
    // 2026-12-07 evening left it lying on B-Human's model (docs/motion.md).
    expect(up).toBe(VARIATIONS.length);
  }, 240_000);
});
