/**
 * The appearance parts of scene bodies: a hand-written scene (nested appearance groups, every primitive, a mesh in
 * millimetres) and B-Human's NAO with its meshes (read from the shared test corpus, never copied).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { appearanceParts, type AppearancePart } from './appearance';
import { loadScene } from './loadScene';
import type { SceneNode } from './sceneGraph';
import { textureImage } from './textureImage';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

/** Every body of a robot (behind its joints too) with its parts. */
function bodiesOf(body: SceneNode): { name: string; parts: AppearancePart[] }[] {
  const out = [{ name: body.name ?? '', parts: appearanceParts(body) }];
  for (const joint of body.children.filter((c) => c.kind === 'joint'))
    for (const child of joint.children.filter((c) => c.kind === 'body')) out.push(...bodiesOf(child));
  return out;
}

function robotBody(graph: SceneNode, name: string): SceneNode {
  const body = graph.children.find((c) => c.name === 'robots')?.children.find((b) => b.name === name);
  if (!body) throw new Error(`no robot ${name}`);
  return body;
}

const SCENE = `<Simulation>
  <Surface name="red" diffuseColor="#ff0000"/>
  <Surface name="blue" diffuseColor="rgb(0%, 0%, 100%)"/>
  <Scene name="RoboCup" stepLength="0.01s">
    <Compound name="robots">
      <Body name="robot1">
        <Translation z="0.3"/>
        <SphereMass value="1" radius="0.1"/>
        <BoxAppearance depth="0.1" width="0.2" height="0.3"><Surface ref="red"/></BoxAppearance>
        <Appearance name="arm">
          <Translation x="0.5"/>
          <Rotation z="90degree"/>
          <CylinderAppearance radius="0.02" height="0.1"><Translation y="0.2"/><Surface ref="blue"/></CylinderAppearance>
          <ComplexAppearance name="triangle">
            <Vertices unit="mm">0 0 0  100 0 0  0 250 0</Vertices>
            <Triangles>0 1 2</Triangles>
            <Surface ref="blue"/>
          </ComplexAppearance>
        </Appearance>
        <SphereGeometry radius="0.1"/>
        <Hinge name="joint">
          <Axis z="1"/>
          <Body name="link">
            <SphereMass value="1" radius="0.1"/>
            <CapsuleAppearance radius="0.03" height="0.2"><Surface ref="blue"/></CapsuleAppearance>
            <SphereAppearance radius="0.05"><Surface ref="red"/></SphereAppearance>
          </Body>
        </Hinge>
      </Body>
    </Compound>
  </Scene>
</Simulation>`;

describe('appearance parts', () => {
  it('flattens nested appearance groups into parts in the body frame; mesh vertices in metres by their unit', () => {
    const model = loadScene('a.ros3', () => SCENE);
    const [robot, link] = bodiesOf(robotBody(model.graph, 'robot1'));
    expect(robot!.parts.map((p) => p.shape)).toEqual(['box', 'cylinder', 'mesh']);
    const [box, cylinder, mesh] = robot!.parts;
    expect(box).toMatchObject({ depth: 0.1, width: 0.2, height: 0.3 });
    expect(box!.surface?.diffuseColor).toMatchObject({ r: 255, g: 0, b: 0 });
    // The cylinder's own translation (y 0.2) turned by the group's 90° about z: x 0.5 − 0.2.
    expect(cylinder!.pose.translation.x).toBeCloseTo(0.3);
    expect(cylinder!.pose.translation.y).toBeCloseTo(0);
    expect(cylinder).toMatchObject({ radius: 0.02, height: 0.1 });
    expect(Array.from(mesh!.mesh!.vertices)).toEqual([0, 0, 0, 0.1, 0, 0, 0, 0.25, 0].map(Math.fround));
    expect(Array.from(mesh!.mesh!.triangles)).toEqual([0, 1, 2]);
    expect(mesh!.pose.translation.x).toBeCloseTo(0.5);
    // The body behind the joint has its own parts.
    expect(link!.name).toBe('link');
    expect(link!.parts.map((p) => [p.shape, p.surface?.diffuseColor.r])).toEqual([
      ['capsule', 0],
      ['sphere', 255],
    ]);
  });

  it('reads a vertex and a normal index per corner when the mesh has normals', () => {
    const mesh = (triangles: string, normals: string): AppearancePart['mesh'] => {
      const text = SCENE.replace(
        '<Triangles>0 1 2</Triangles>',
        `<Triangles>${triangles}</Triangles><Normals>${normals}</Normals>`,
      );
      const [robot] = bodiesOf(robotBody(loadScene('a.ros3', () => text).graph, 'robot1'));
      return robot!.parts.find((p) => p.shape === 'mesh')!.mesh;
    };
    const perVertex = mesh('0 0 1 1 2 2', '0 0 1  0 0 1  0 0 1');
    expect(Array.from(perVertex!.triangles)).toEqual([0, 1, 2]);
    expect(Array.from(perVertex!.normals!)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    // Corners naming other normals than their vertices': the triangle stays, the normals are computed instead.
    const shared = mesh('0 0 1 0 2 0', '0 0 1');
    expect(Array.from(shared!.triangles)).toEqual([0, 1, 2]);
    expect(shared!.normals).toBeUndefined();
    expect(() => mesh('0 0 1 1 2', '0 0 1  0 0 1  0 0 1')).toThrow(/not a multiple of 6 \(a vertex and a normal index/);
    expect(() => mesh('0 0 1 1 2 3', '0 0 1  0 0 1  0 0 1')).toThrow(
      /normal index 3 \(number 6\) is not below the normal count 3/,
    );
  });

  it("B-Human's NAO: every body with its meshes in metres, the jersey and the textured ball", () => {
    const model = loadScene(join(SCENES, 'BH.ros3'));
    const bodies = bodiesOf(robotBody(model.graph, 'robot5'));
    const withParts = bodies.filter((b) => b.parts.length > 0);
    // The torso and the bodies behind the NAO's hinges.
    expect(bodies).toHaveLength(25);
    expect(withParts.map((b) => b.name)).toContain('Head');
    expect(withParts.map((b) => b.name)).toContain('LFoot');
    const parts = withParts.flatMap((b) => b.parts);
    const meshes = parts.filter((p) => p.shape === 'mesh');
    expect(new Set(meshes.map((p) => p.mesh)).size).toBe(meshes.length - countShared(meshes));
    expect(meshes.length).toBeGreaterThanOrEqual(40);
    // Every mesh has its faces, the feet and shoulders (written with a normal index per corner) too.
    const foot = withParts.find((b) => b.name === 'LFoot')!.parts.filter((p) => p.shape === 'mesh');
    expect(foot.length).toBeGreaterThan(0);
    for (const p of meshes) expect(degenerateShare(p.mesh!), p.mesh!.triangles.length.toString()).toBeLessThan(0.05);
    // Vertices are in metres: the biggest mesh coordinate of any part is well under a NAO's 0.58 m.
    let largest = 0;
    for (const p of meshes) for (const v of p.mesh!.vertices) largest = Math.max(largest, Math.abs(v));
    expect(largest).toBeGreaterThan(0.05);
    expect(largest).toBeLessThan(0.3);
    // The jersey is the robot's TeamColor (a dummy, one rigid body, of the blue team wears B-Human's nao-blue).
    const isBlue = (p: AppearancePart): boolean =>
      p.surface?.diffuseColor.r === 0 && p.surface.diffuseColor.g === 153 && p.surface.diffuseColor.b === 204;
    expect(withParts.flatMap((b) => b.parts).some(isBlue)).toBe(false);
    const dummy = model.graph.children.find((c) => c.name === 'extras')!.children.find((b) => b.name === 'robot21')!;
    expect(appearanceParts(dummy).filter((p) => p.shape === 'mesh').length).toBeGreaterThanOrEqual(40);
    expect(appearanceParts(dummy).filter(isBlue)).toHaveLength(1);
    // The ball: a sphere of 5 cm with B-Human's black-and-white texture.
    const ballBody = model.graph.children.find((c) => c.name === 'balls')!.children[0]!;
    const [ball] = appearanceParts(ballBody);
    expect(ball).toMatchObject({ shape: 'sphere', radius: 0.05 });
    const texture = textureImage(ball!.surface!.diffuseTexture!)!;
    expect(texture).toMatchObject({ width: 300, height: 150 });
    let black = 0;
    for (let i = 0; i < texture.rgb.length; i += 3) if (texture.rgb[i]! < 60) black++;
    const share = black / (texture.width * texture.height);
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.6);
  });
});

/** The share of a mesh's triangles that have two equal corners. */
function degenerateShare(mesh: NonNullable<AppearancePart['mesh']>): number {
  const t = mesh.triangles;
  let degenerate = 0;
  for (let i = 0; i < t.length; i += 3)
    if (t[i] === t[i + 1] || t[i + 1] === t[i + 2] || t[i] === t[i + 2]) degenerate++;
  return degenerate / Math.max(1, t.length / 3);
}

/** How many mesh parts reuse a mesh an earlier part already has (meshes are shared, not copied). */
function countShared(meshes: AppearancePart[]): number {
  const seen = new Set<unknown>();
  let shared = 0;
  for (const p of meshes) {
    if (seen.has(p.mesh)) shared++;
    seen.add(p.mesh);
  }
  return shared;
}
