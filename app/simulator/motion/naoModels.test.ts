/**
 * @file Pitchside's NAO model (scenes/Includes/NaoV6.rsi3) beside B-Human's (NaoV6H25.rsi3 of the shared corpus), as
 * the articulated simulation builds them: the figures that decide whether a motion tuned on one works on the other
 * (masses, centres of mass, inertias, motors, joint frames, feet, sensors) are printed side by side, and the
 * differences docs/motion.md ("On B-Human's NAO model") names are checked, so the page stays true to the files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vec3 } from '@robot-runtime/math/types';
import { massProperties } from '../physics/mujoco/inertia';
import type { BodySpec, JointSpec } from '../physics/mujoco/buildModel';
import type { SceneNode } from '../scene/sceneGraph';
import { WalkHarness, type NaoModel } from './walkHarness';

const models: NaoModel[] = ['pitchside', 'bhuman'];
const harness = new Map<NaoModel, WalkHarness>();

beforeAll(async () => {
  for (const m of models) harness.set(m, await WalkHarness.create({ odometryNoise: 0 }, undefined, false, m));
});
afterAll(() => harness.forEach((h) => h.dispose()));

/** The robot's joints and bodies; a body is named by the joint that carries it ('torso' for the root). */
function parts(model: NaoModel): { joints: JointSpec[]; bodies: Map<string, BodySpec> } {
  const world = harness.get(model)!.world;
  const root = world.robot('robot1').rootIndex;
  const joints = world.description.joints.filter((j) => j.root === root);
  const bodies = new Map<string, BodySpec>();
  for (const b of world.description.bodies.filter((x) => x.root === root)) {
    const carrier = joints.find((j) => j.node.children.includes(b.node));
    bodies.set(carrier?.name ?? 'torso', b);
  }
  return { joints, bodies };
}

type GeometryNode = Extract<SceneNode, { kind: 'geometry' }>;
/** The lowest box under the foot: what stands on the ground. */
function sole(body: BodySpec): GeometryNode {
  const boxes = body.node.children.filter((c): c is GeometryNode => c.kind === 'geometry' && c.shape === 'box');
  const bottom = (g: GeometryNode): number => g.local.translation.z - (g.height ?? 0) / 2;
  return boxes.reduce((a, b) => (bottom(a) <= bottom(b) ? a : b));
}

const mm = (v: Vec3): string => [v.x, v.y, v.z].map((c) => (c * 1000).toFixed(1)).join(' ');

describe("Pitchside's and B-Human's NAO models", () => {
  it('masses, centres of mass and inertias: the same total within 1 %, distributed differently', () => {
    const [p, b] = models.map(parts);
    const rows: string[] = ['body (carried by) | mass g P / B | CoM mm P / B | Ixx Iyy Izz kg·cm² P / B'];
    const total = { pitchside: 0, bhuman: 0 };
    for (const [name, body] of p!.bodies) {
      const other = b!.bodies.get(name);
      const mp = massProperties(body.node)!;
      const mb = other ? massProperties(other.node) : undefined;
      total.pitchside += mp.mass;
      total.bhuman += mb?.mass ?? 0;
      const inertia = (m: typeof mp | undefined): string =>
        m ? [0, 4, 8].map((i) => (m.inertia[i]! * 1e4).toFixed(2)).join(' ') : '-';
      rows.push(
        `${name} | ${(mp.mass * 1000).toFixed(1)} / ${mb ? (mb.mass * 1000).toFixed(1) : '-'} | ` +
          `${mm(mp.center)} / ${mb ? mm(mb.center) : '-'} | ${inertia(mp)} / ${inertia(mb)}`,
      );
    }
    console.log(rows.join('\n'));
    console.log(`total: ${total.pitchside.toFixed(3)} kg / ${total.bhuman.toFixed(3)} kg`);
    expect(total.pitchside).toBeCloseTo(5.305, 2);
    expect(total.bhuman).toBeCloseTo(5.36, 2);
    // B-Human's thighs and shanks are about three times as hard to swing about their centre of mass.
    const iyy = (m: NaoModel, joint: string): number => massProperties(parts(m).bodies.get(joint)!.node)!.inertia[4]!;
    expect(iyy('bhuman', 'LHipPitch') / iyy('pitchside', 'LHipPitch')).toBeGreaterThan(2.5);
    expect(iyy('bhuman', 'LKneePitch') / iyy('pitchside', 'LKneePitch')).toBeGreaterThan(2.5);
  });

  it('joints: the same frames, ranges and servo gains; B-Human has no hand joints, its arms start down', () => {
    const [p, b] = models.map(parts);
    const differences: string[] = [];
    for (const j of p!.joints) {
      const o = b!.joints.find((x) => x.name === j.name);
      if (!o) {
        differences.push(`${j.name}: only Pitchside's`);
        continue;
      }
      const frame = (x: JointSpec): string => mm(x.node.local.translation);
      if (frame(j) !== frame(o)) differences.push(`${j.name} frame ${frame(j)} / ${frame(o)} mm`);
      const range = (x: JointSpec): string => (x.range ?? []).map((r) => ((r * 180) / Math.PI).toFixed(2)).join('..');
      if (range(j) !== range(o)) differences.push(`${j.name} range ${range(j)} / ${range(o)}°`);
      for (const key of ['p', 'd', 'maxForce', 'maxVelocity'] as const) {
        const [a, c] = [j, o].map((x) => (x.motor as Record<string, number> | undefined)?.[key]);
        if (Math.abs(a! - c!) > 1e-9) differences.push(`${j.name} ${key} ${a} / ${c}`);
      }
      if (Math.abs(j.init - o.init) > 1e-9) differences.push(`${j.name} initial angle ${j.init} / ${o.init} rad`);
    }
    console.log(differences.join('\n'));
    expect(differences.sort()).toEqual(
      [
        "LHand: only Pitchside's",
        "RHand: only Pitchside's",
        'RElbowYaw maxVelocity 5.759586531581287 / 10.471975511965978',
        'RElbowRoll maxVelocity 5.759586531581287 / 10.471975511965978',
        `LShoulderPitch initial angle 0 / ${Math.PI / 2} rad`,
        `RShoulderPitch initial angle 0 / ${Math.PI / 2} rad`,
      ].sort(),
    );
  });

  it('feet: B-Human’s soles are 10 mm shorter and 15 mm narrower, at the same height', () => {
    const soles = models.map((m) => sole(parts(m).bodies.get('LAnkleRoll')!));
    const figures = soles.map((s) => ({
      length: Math.round(s.depth! * 1000),
      width: Math.round(s.width! * 1000),
      bottom: Number(((s.local.translation.z - s.height! / 2) * 1000).toFixed(2)),
      centre: mm(s.local.translation),
    }));
    console.log(`left sole, Pitchside / B-Human: ${JSON.stringify(figures)}`);
    expect(figures.map((f) => [f.length, f.width])).toEqual([
      [160, 90],
      [150, 75],
    ]);
    expect(figures[0]!.bottom).toBeCloseTo(-45.19, 1);
    expect(figures[1]!.bottom).toBeCloseTo(-45.11, 1);
  });

  it('standing in the walk’s stand: where the centre of mass is over the feet', () => {
    const figures = models.map((m) => {
      const h = harness.get(m)!;
      h.run(1);
      const world = h.world as unknown as { data: { subtree_com: Float64Array } };
      const robot = h.world.robot('robot1');
      const com = world.data.subtree_com;
      const c = { x: com[robot.root.body * 3]! * 1000, z: com[robot.root.body * 3 + 2]! * 1000 };
      const ankles = ['LAnkleRoll', 'RAnkleRoll'].map((j) => h.world.bodyPose(parts(m).bodies.get(j)!.id).translation);
      const ankleX = (ankles[0]!.x + ankles[1]!.x) / 2;
      const torso = h.world.getState().robots[0]!.torso!;
      return {
        comAheadOfAnkles: c.x - ankleX,
        comHeight: c.z,
        torsoHeight: torso.z,
        pitch: torso.pitch,
        fell: h.fallen,
      };
    });
    console.log(`stand, Pitchside / B-Human: ${JSON.stringify(figures)}`);
    for (const f of figures) expect(f.fell).toBe(false);
    // Both stand with the centre of mass over the middle of the feet, within a few millimetres of each other.
    expect(Math.abs(figures[0]!.comAheadOfAnkles - figures[1]!.comAheadOfAnkles)).toBeLessThan(15);
  });
});
