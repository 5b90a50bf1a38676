/**
 * Mass, centre of mass and inertia of a body from its scene mass elements (SimRobot's rule: never from the
 * geometries). Each element's own inertia about its centre (as the scene graph gives it) is moved into the body
 * frame (rotation, then the parallel-axis theorem) and the elements are summed. Units: kg, m, kg·m².
 */
import type { Matrix, Pose3, Vec3 } from '@robot-runtime/math/types';
import { composePose3, rotateVec3 } from '@robot-runtime/math/rotation';
import type { SceneNode } from '../../scene/sceneGraph';

/** A body's combined mass properties in its own frame; `inertia` is about the centre of mass (row-major 3×3). */
export interface MassProperties {
  mass: number;
  center: Vec3;
  inertia: Matrix;
}

type MassNode = Extract<SceneNode, { kind: 'mass' }>;

/** The element's own inertia tensor (about its centre, in its frame) as a 3×3 matrix. */
function ownInertia(m: MassNode): Matrix {
  const i = m.inertia;
  return [i.ixx, i.ixy, i.ixz, i.ixy, i.iyy, i.iyz, i.ixz, i.iyz, i.izz];
}

/** Every mass element of a body (nested masses included) with its pose in the body frame. */
export function massElements(body: SceneNode): { node: MassNode; pose: Pose3 }[] {
  const out: { node: MassNode; pose: Pose3 }[] = [];
  const visit = (node: SceneNode, pose: Pose3): void => {
    if (node.kind !== 'mass') return;
    const p = composePose3(pose, node.local);
    out.push({ node, pose: p });
    for (const c of node.children) visit(c, p);
  };
  const origin: Pose3 = { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: { x: 0, y: 0, z: 0 } };
  for (const c of body.children) visit(c, origin);
  return out;
}

/** Combines the body's mass elements; undefined when it has none or they weigh nothing. */
export function massProperties(body: SceneNode): MassProperties | undefined {
  const parts = massElements(body).filter((p) => p.node.mass > 0);
  const mass = parts.reduce((s, p) => s + p.node.mass, 0);
  if (!(mass > 0)) return undefined;
  const centers = parts.map(({ node, pose }) => {
    const c = rotateVec3(pose.rotation, node.centerOfMass),
      t = pose.translation;
    return { x: t.x + c.x, y: t.y + c.y, z: t.z + c.z };
  });
  const center = { x: 0, y: 0, z: 0 };
  parts.forEach((p, i) => {
    center.x += (p.node.mass * centers[i]!.x) / mass;
    center.y += (p.node.mass * centers[i]!.y) / mass;
    center.z += (p.node.mass * centers[i]!.z) / mass;
  });
  const inertia: Matrix = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  parts.forEach(({ node, pose }, k) => {
    const I = rotateTensor(pose.rotation, ownInertia(node));
    for (let i = 0; i < 9; i++) inertia[i]! += I[i]!;
    const d = [centers[k]!.x - center.x, centers[k]!.y - center.y, centers[k]!.z - center.z];
    const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) inertia[i * 3 + j]! += node.mass * ((i === j ? dd : 0) - d[i]! * d[j]!);
  });
  return { mass, center, inertia };
}

/** R·I·Rᵀ: a symmetric tensor given in a rotated frame, expressed in the outer frame (R column-major). */
export function rotateTensor(R: Matrix, I: Matrix): Matrix {
  const out: Matrix = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s += R[a * 3 + i]! * I[a * 3 + b]! * R[b * 3 + j]!;
      out[i * 3 + j] = s;
    }
  return out;
}
