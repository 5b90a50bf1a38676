/**
 * B-Human's 2025 scenes (read from the shared test corpus, never copied): every `.ros3` loads into the typed
 * graph, the model of BH.ros3 and Game.ros3 comes out right, and the 2.7 MB NAO with meshes loads fast. The
 * Booster T1 scenes after the first load in the long tier (corpusScenes.long.test.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusSceneFiles, CORPUS_SCENES as SCENES, expectCorpusSceneLoads, laterT1Scenes } from './corpusSceneFiles';
import { loadScene, loadSceneGraph } from './loadScene';
import { SceneError } from './SceneError';
import { findNode, type SceneNode } from './sceneGraph';

function count(node: SceneNode, predicate: (n: SceneNode) => boolean): number {
  return (predicate(node) ? 1 : 0) + node.children.reduce((n, c) => n + count(c, predicate), 0);
}

describe('B-Human corpus scenes', () => {
  it('every .ros3 loads into the typed graph; K1 scenes name their missing include', () => {
    const all = corpusSceneFiles();
    expect(all.length).toBeGreaterThanOrEqual(39);
    const later = new Set(laterT1Scenes(all));
    const scenes = all.filter((s) => !later.has(s));
    expect(scenes).toContain('BH.ros3');
    expect(scenes.some((s) => s.startsWith('T1/'))).toBe(true);
    for (const scene of scenes) expectCorpusSceneLoads(scene);
  });

  it('BH.ros3: one robot against dummies, the ball, the field, meshes and motors', () => {
    // How long loading takes is a figure of `npm run bench` (scene load rows), not of this test.
    const model = loadScene(join(SCENES, 'BH.ros3'));
    expect(model.robots.map((r) => r.name)).toEqual(['robot5']);
    expect(model.robots[0]!.pose2.translation).toEqual({ x: 900, y: 0 });
    expect(Math.abs(model.robots[0]!.pose2.rotation)).toBeCloseTo(Math.PI);
    expect(model.robots[0]!.pose.translation.z).toBeCloseTo(320);
    expect(model.extras.map((r) => r.name)).toEqual(['robot21', 'robot22', 'robot23', 'robot24', 'robot25']);
    expect(model.extras[0]!.pose2.translation).toEqual({ x: -4500, y: 0 });
    expect(model.ball).toMatchObject({ name: 'ball', radius: 50, mass: 0.045, friction: 0.3, rollingFriction: 0.3 });
    expect(model.ball!.position.z).toBeCloseTo(1000);
    const ballLook = findNode(
      findNode(model.graph, (n) => n.name === 'balls')!,
      (n) => n.kind === 'appearance',
    );
    expect(ballLook?.kind === 'appearance' && ballLook.surface?.diffuseTexture).toMatch(
      /Scenes\/Textures\/textures-ball\.png$/,
    );
    expect(model.field).toMatchObject({ length: 9000, width: 6000 });
    const nao = model.robots[0]!;
    // 24 hinges: B-Human's model has no hand joints, and RHipYawPitch is a hinge of its own (coupled in LoLA).
    expect(nao.model.joints).toHaveLength(24);
    expect(nao.model.joints.map((j) => j.name)).toContain('RHipYawPitch');
    expect(nao.model.mass).toBeGreaterThan(5);
    expect(nao.model.mass).toBeLessThan(6);
    expect(nao.model.cameras.map((c) => [c.name, c.imageWidth, c.imageHeight])).toEqual([
      ['CameraTop', 640, 480],
      ['CameraBottom', 320, 240],
    ]);

    const body = findNode(model.graph, (n) => n.name === 'robot5')!;
    const headYaw = findNode(body, (n) => n.kind === 'joint' && n.name === 'HeadYaw');
    expect(headYaw?.kind === 'joint' && headYaw.actuator).toMatchObject({ type: 'servo', maxForce: 3, p: 40, d: 2 });
    if (headYaw?.kind === 'joint' && headYaw.actuator?.type === 'servo')
      expect(headYaw.actuator.maxVelocity).toBeCloseTo((474 * Math.PI) / 180);
    const torsoMass = body.children.find((c) => c.kind === 'mass');
    expect(torsoMass?.kind === 'mass' && torsoMass.shape).toBe('inertia');
    if (torsoMass?.kind === 'mass') {
      expect(torsoMass.mass).toBeCloseTo(1.04956);
      expect(torsoMass.centerOfMass.z).toBeCloseTo(0.04342);
      expect(torsoMass.inertia.ixx).toBeCloseTo(5062341.69e-9);
    }
    const meshes = count(body, (n) => n.kind === 'appearance' && n.shape === 'mesh');
    expect(meshes).toBeGreaterThan(20);
    const torsoMesh = findNode(body, (n) => n.kind === 'appearance' && n.name === 'naoTorsoV6_0');
    if (torsoMesh?.kind !== 'appearance' || !torsoMesh.mesh) throw new Error('no torso mesh');
    const { vertices, triangles, texCoords } = torsoMesh.mesh;
    expect(vertices).toBeInstanceOf(Float32Array);
    expect(triangles).toBeInstanceOf(Uint32Array);
    expect(triangles.length % 3).toBe(0);
    expect(Math.max(...triangles)).toBeLessThan(vertices.length / 3);
    expect(texCoords?.length).toBe((vertices.length / 3) * 2);
    // Textures resolve against the include that names them (Includes/../Textures).
    const textured = findNode(body, (n) => n.kind === 'appearance' && n.surface?.diffuseTexture !== undefined);
    const texture = textured?.kind === 'appearance' ? textured.surface!.diffuseTexture! : '';
    expect(
      texture.endsWith('Scenes/Textures/nao_torso_button_nao.png') ||
        texture.endsWith('Scenes/Textures/textures-ear.png'),
    ).toBe(true);
    expect(existsSync(texture)).toBe(true);
    const light = model.graph.children.find((c) => c.kind === 'light');
    expect(light?.kind === 'light' && light.light).toMatchObject({ type: 'point', position: { x: 0, y: 0, z: 9 } });
    const gyro = findNode(body, (n) => n.kind === 'sensor' && n.sensor.type === 'gyroscope');
    expect(gyro?.local.translation.x).toBeCloseTo(-0.008);
  });

  it('Game.ros3: 7 vs 7 with meshes shared between the robots', () => {
    const model = loadScene(join(SCENES, 'Game.ros3'));
    expect(model.robots.map((r) => r.name)).toEqual([
      'robot1',
      'robot2',
      'robot3',
      'robot4',
      'robot5',
      'robot6',
      'robot7',
      'robot21',
      'robot22',
      'robot23',
      'robot24',
      'robot25',
      'robot26',
      'robot27',
    ]);
    expect(model.robots.map((r) => r.team)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
    const robot1 = model.robots[0]!;
    const robot21 = model.robots[7]!;
    expect(robot1.pose.translation.x).toBeCloseTo(4000);
    expect(robot1.pose.translation.y).toBeCloseTo(-3000);
    expect(robot1.pose.translation.z).toBeCloseTo(320);
    expect(robot1.pose2.rotation).toBeCloseTo(-Math.PI / 2);
    expect(robot21.pose2.translation.x).toBeCloseTo(-4000);
    expect(robot21.pose2.translation.y).toBeCloseTo(3000);
    expect(robot21.pose2.rotation).toBeCloseTo(Math.PI / 2);
    expect(model.teams.map((t) => t.number)).toEqual([5, 70]);
    expect(model.ball).toMatchObject({ radius: 50 });
    expect(model.hasReferee).toBe(true);
    const meshOf = (robot: string) => {
      const n = findNode(
        findNode(model.graph, (x) => x.name === robot)!,
        (x) => x.kind === 'appearance' && x.shape === 'mesh',
      );
      return n?.kind === 'appearance' ? n.mesh : undefined;
    };
    // One parsed copy of the mesh data for all robots.
    expect(meshOf('robot1')).toBeDefined();
    expect(meshOf('robot1')).toBe(meshOf('robot27'));
  });

  it('refuses the 2-D scenes with a clear sentence', () => {
    const e = (() => {
      try {
        loadSceneGraph(join(SCENES, 'Game2D.ros2d'));
      } catch (error) {
        return error as SceneError;
      }
      throw new Error('accepted a 2-D scene');
    })();
    expect(e).toBeInstanceOf(SceneError);
    expect(e.detail).toMatch(/^2-D scenes \(\.ros2d\) are not supported/);
  });
});
