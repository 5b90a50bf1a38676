import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { NAO_PARTS } from './naoLook';
import { NaoModel } from './NaoModel';
import { RobotsMesh } from './RobotsMesh';

const JOINTS = ['lHipPitch', 'lKneePitch', 'lAnklePitch', 'rHipPitch', 'rKneePitch', 'rAnklePitch'];
const CROUCH = [-0.5, 1, -0.5, -0.5, 1, -0.5];

function robot(name: string, x: number, y: number, jersey = '#ff0000'): NaoModel {
  const model = new NaoModel(name, jersey, 333);
  model.setJointOrder(JOINTS);
  model.update(x, y, 0, false, CROUCH);
  return model;
}

/** Bounds of the vertices of the robot in block `block`. */
function blockBounds(mesh: RobotsMesh, block: number): THREE.Box3 {
  const position = mesh.mesh.geometry.getAttribute('position');
  const perRobot = position.count / 2;
  const box = new THREE.Box3();
  for (let i = block * perRobot; i < (block + 1) * perRobot; i++)
    box.expandByPoint(new THREE.Vector3().fromBufferAttribute(position, i));
  return box;
}

function rayDown(x: number, y: number): THREE.Raycaster {
  return new THREE.Raycaster(new THREE.Vector3(x, y, 5), new THREE.Vector3(0, 0, -1));
}

describe('all robots as one mesh', () => {
  it("puts each shown robot's parts where its pose is, standing on the ground", () => {
    const mesh = new RobotsMesh(2, NAO_PARTS);
    mesh.update([robot('a', 1000, 0), robot('b', -2000, 500)]);
    const a = blockBounds(mesh, 0);
    const b = blockBounds(mesh, 1);
    expect(a.containsPoint(new THREE.Vector3(1, 0, 0.3))).toBe(true);
    expect(b.containsPoint(new THREE.Vector3(-2, 0.5, 0.3))).toBe(true);
    expect(a.intersectsBox(b)).toBe(false);
    // Crouching, a NAO is about half a metre tall; its soles are on the ground (the foot box's bottom at z = 0).
    expect(a.min.z).toBeCloseTo(0, 3);
    expect(a.max.z).toBeGreaterThan(0.4);
    expect(a.max.z).toBeLessThan(0.6);
    expect(mesh.mesh.geometry.drawRange.count).toBe(mesh.mesh.geometry.getIndex()!.count);
  });

  it('draws only robots that are shown and tells which robot a ray hit', () => {
    const mesh = new RobotsMesh(3, NAO_PARTS);
    const hidden = robot('hidden', 0, 0);
    hidden.root.visible = false;
    const models = [robot('left', -1000, 0), hidden, robot('right', 1000, 0)];
    mesh.update(models);
    expect(mesh.mesh.geometry.drawRange.count).toBe((2 / 3) * mesh.mesh.geometry.getIndex()!.count);
    const hitOf = (x: number, y: number): string | undefined => {
      const hit = rayDown(x, y).intersectObject(mesh.mesh)[0];
      return hit ? mesh.robotOf(hit) : undefined;
    };
    expect(hitOf(1, 0)).toBe('right');
    expect(hitOf(-1, 0)).toBe('left');
    expect(hitOf(0, 0)).toBeUndefined();
    // After a move the mesh follows (ray casts must not use stale bounds).
    models[2]!.moveTo(2000, 1000);
    mesh.update(models);
    expect(hitOf(1, 0)).toBeUndefined();
    expect(hitOf(2, 1)).toBe('right');
  });

  it('colours the jersey and lights faces towards the sun brighter', () => {
    const mesh = new RobotsMesh(1, NAO_PARTS);
    mesh.update([robot('a', 0, 0, '#0000ff')]);
    const color = mesh.mesh.geometry.getAttribute('color');
    // The jersey is the first part: a box whose first face points +x (forward), the second −x.
    const [r, g, b] = [color.getX(0), color.getY(0), color.getZ(0)];
    expect(b).toBeGreaterThan(0.4);
    expect(r + g).toBeLessThan(0.1);
    // The sun is behind −x: the back face is brighter than the front face.
    expect(color.getZ(4)).toBeGreaterThan(color.getZ(0));
  });
});
