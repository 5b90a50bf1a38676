/**
 * The scene's look as the host sends it: B-Human's BH.ros3 (read from the shared test corpus, never copied) on the
 * articulated simulation, its meshes once and as bytes on the browser mode's wire, body poses per frame.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { Simulation } from '@app/simulator/index';
import type { SceneAppearanceResponse } from '@app/ipc/simulation';
import { decodeWireFrame, encodeWireFrame } from '../../serving/wireFrames';
import { sceneAppearance } from './sceneAppearance';
import { simulationFrame } from './simulationFrame';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

describe("the scene's appearance for the 3-D view", () => {
  let sim: Simulation;
  beforeAll(async () => {
    sim = await Simulation.load(join(SCENES, 'BH.ros3'), { seed: 1 });
  });
  afterAll(() => sim?.dispose());

  it("sends every NAO's bodies with parts, each mesh once, the ball's texture, and per frame the bodies' poses", () => {
    const appearance = sceneAppearance(sim);
    expect(appearance.robots.map((r) => r.name).sort()).toEqual([
      'robot21',
      'robot22',
      'robot23',
      'robot24',
      'robot25',
      'robot5',
    ]);
    const nao = appearance.robots.find((r) => r.name === 'robot5')!;
    expect(nao.bodies.map((b) => b.name)).toEqual(expect.arrayContaining(['Head', 'LFoot', 'RFoot']));
    // Six robots share the NAO's and the dummy's meshes: sent once each, not six times.
    const meshParts = appearance.robots
      .flatMap((r) => r.bodies.flatMap((b) => b.parts))
      .filter((p) => p.shape.kind === 'mesh');
    expect(meshParts.length).toBeGreaterThan(6 * 40);
    expect(appearance.meshes.length).toBeLessThan(meshParts.length / 3);
    expect(appearance.ball?.parts[0]).toMatchObject({ shape: { kind: 'sphere', radius: 0.05 }, texture: 0 });
    expect(appearance.textures).toHaveLength(1);
    sim.step();
    const frame = simulationFrame(sim, { running: false, realTimeFactor: 0 });
    const robot5 = frame.robots.find((r) => r.name === 'robot5')!;
    expect(robot5.links).toHaveLength(7 * nao.bodies.length);
    // The torso's pose is where the ground truth has the robot (mm), its quaternion of unit length.
    expect(robot5.links![0]).toBeCloseTo(robot5.x, -1);
    const [w, x, y, z] = robot5.links!.slice(3, 7) as [number, number, number, number];
    expect(Math.hypot(w, x, y, z)).toBeCloseTo(1, 3);
    expect(frame.ball?.rotation).toHaveLength(4);
  });

  it('travels as bytes on the WebSocket: one binary frame barely larger than the meshes themselves', () => {
    const appearance = sceneAppearance(sim);
    const response: SceneAppearanceResponse = { appearance, file: sim.scene.file };
    const wire = encodeWireFrame({ kind: 'response', id: 1, ok: true, payload: response }, true);
    expect(wire).toBeInstanceOf(Uint8Array);
    const meshBytes = appearance.meshes.reduce(
      (n, m) => n + m.vertices.length + (m.normals?.length ?? 0) + m.triangles.length,
      0,
    );
    expect(wire.length).toBeLessThan(meshBytes * 1.2 + 200_000);
    const decoded = decodeWireFrame(wire) as { payload: SceneAppearanceResponse };
    const first = decoded.payload.appearance!.meshes[0]!;
    const vertices = new Float32Array(first.vertices.slice().buffer);
    const original = appearance.meshes[0]!.vertices;
    expect(Array.from(vertices.slice(0, 6))).toEqual(
      Array.from(new Float32Array(original.buffer, original.byteOffset, 6)),
    );
  });
});
