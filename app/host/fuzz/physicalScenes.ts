/**
 * @file The fuzz target for physical scene values: mutating a scene's text mostly breaks its XML, so this target
 * mutates the numbers instead. An input is a row of float64 values, one per slot of a small scene (gravity, poses,
 * masses, sizes, friction, joint limits, a ball); a bit flip turns a value into NaN, an infinity, a huge or a
 * subnormal number. Each input is loaded and built into a MuJoCo world that runs a few steps; the world's state
 * must stay finite. A value the scene refuses is a SceneError, as is a model MuJoCo refuses.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScene } from '../../simulator/scene/loadScene';
import { SceneError } from '../../simulator/scene/SceneError';
import { ArticulatedWorld } from '../../simulator/physics/mujoco/ArticulatedWorld';
import { initMujoco } from '../../simulator/physics/mujoco/mujoco';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The slots an input fills, in order, each with its unit and its value in the seed. */
const SLOTS: readonly [name: string, unit: string, seed: number][] = [
  ['gravity', 'm/s^2', -9.81],
  ['x', 'mm', 100],
  ['y', 'mm', -50],
  ['z', 'mm', 300],
  ['rotX', 'degree', 5],
  ['rotZ', 'degree', 30],
  ['boxMass', 'kg', 1.2],
  ['boxWidth', 'mm', 100],
  ['boxHeight', 'mm', 80],
  ['boxDepth', 'mm', 60],
  ['sphereMass', 'kg', 0.3],
  ['sphereRadius', 'mm', 40],
  ['friction', '', 0.8],
  ['jointMin', 'degree', -45],
  ['jointMax', 'degree', 45],
  ['capsuleRadius', 'mm', 20],
  ['capsuleHeight', 'mm', 120],
  ['ballX', 'mm', 500],
  ['ballMass', 'kg', 0.044],
  ['ballRadius', 'mm', 50],
];

/** The values of an input: its float64s, the seed's value for slots it does not reach. */
function values(input: Uint8Array): Record<string, string> {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const out: Record<string, string> = {};
  SLOTS.forEach(([name, unit, seed], i) => {
    const v = 8 * (i + 1) <= input.length ? view.getFloat64(8 * i, true) : seed;
    out[name] = `${String(v)}${unit}`;
  });
  return out;
}

/** The scene an input describes (one file, no includes). */
export function physicalScene(input: Uint8Array): string {
  const v = values(input);
  return `<Simulation>
  <Scene name="RoboCup" controller="SimulatedNao" stepLength="0.01s" gravity="${v.gravity}">
    <Compound name="field">
      <BoxGeometry width="10m" height="0.1m" depth="10m"><Translation z="-0.05m"/></BoxGeometry>
    </Compound>
    <Compound name="extras">
      <Body name="crate">
        <Translation x="${v.x}" y="${v.y}" z="${v.z}"/>
        <Rotation x="${v.rotX}" z="${v.rotZ}"/>
        <BoxMass value="${v.boxMass}" width="${v.boxWidth}" height="${v.boxHeight}" depth="${v.boxDepth}"/>
        <BoxGeometry width="${v.boxWidth}" height="${v.boxHeight}" depth="${v.boxDepth}">
          <Material name="crate"><Friction material="crate" value="${v.friction}"/></Material>
        </BoxGeometry>
        <Hinge name="lid">
          <Axis y="1"><Deflection min="${v.jointMin}" max="${v.jointMax}"/></Axis>
          <Body name="lidBody">
            <SphereMass value="${v.sphereMass}" radius="${v.sphereRadius}"/>
            <SphereGeometry radius="${v.sphereRadius}"/>
            <CapsuleGeometry radius="${v.capsuleRadius}" height="${v.capsuleHeight}"/>
          </Body>
        </Hinge>
      </Body>
    </Compound>
    <Compound name="balls">
      <Body name="ball">
        <Translation x="${v.ballX}" z="${v.ballRadius}"/>
        <SphereMass value="${v.ballMass}" radius="${v.ballRadius}"/>
        <SphereGeometry radius="${v.ballRadius}"/>
      </Body>
    </Compound>
  </Scene>
</Simulation>`;
}

/** The seed: every slot at its ordinary value. */
export function physicalSeed(): Uint8Array {
  const bytes = new Uint8Array(8 * SLOTS.length);
  const view = new DataView(bytes.buffer);
  SLOTS.forEach(([, , seed], i) => view.setFloat64(8 * i, seed, true));
  return bytes;
}

/** Crafted inputs: the finding's values in every slot in turn (1e999 is Infinity, and NaN). */
export function physicalCrafted(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const bad of [Infinity, -Infinity, NaN, 1e308, 5e-324]) {
    for (let i = 0; i < SLOTS.length; i++) {
      const input = physicalSeed();
      new DataView(input.buffer).setFloat64(8 * i, bad, true);
      out.push(input);
    }
  }
  return out;
}

/** Steps each world runs. */
const STEPS = 20;

/** Loads, builds and steps the scene of one input; throws when the world's state is not finite. */
export function runPhysicalScene(input: Uint8Array): unknown {
  const file = path.join(repo, 'scenes', '__fuzz_physics__.ros3');
  const scene = loadScene(file, (f) => {
    if (f === file) return physicalScene(input);
    throw new SceneError(f, 1, '', 'not a scene file');
  });
  const world = ArticulatedWorld.createLoaded(scene);
  try {
    for (let i = 0; i < STEPS; i++) world.step();
    const ball = world.getState().ball;
    const numbers = ball ? [ball.position.x, ball.position.y, ball.position.z, ball.velocity.x, ball.velocity.z] : [];
    if (!numbers.every(Number.isFinite)) throw new Error(`the ball's state is not finite: ${numbers.join(', ')}`);
    return numbers;
  } finally {
    world.dispose();
  }
}

/** MuJoCo is loaded once, asynchronously, before the (synchronous) runs. */
export const preparePhysics = (): Promise<unknown> => initMujoco();
