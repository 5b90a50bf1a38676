/**
 * A body's mass properties as a physics engine wants them: the total mass, centre of mass and inertia tensor
 * (about that centre, in the body's frame) of all mass elements of the body, including masses nested in masses,
 * each placed by its Translation/Rotation. Child bodies behind joints are not included.
 */
import type { Pose3, Vec3 } from '../../../robot-runtime/math/types';
import { composePose, identityPose, transformPoint } from '../geometry/pose3';
import type { InertiaTensor, SceneNode } from './sceneGraph';

/** Mass (kg), centre of mass (m, body frame) and inertia (kg·m², about the centre of mass, body frame). */
export interface MassProperties {
  mass: number;
  centerOfMass: Vec3;
  inertia: InertiaTensor;
}

type MassNode = Extract<SceneNode, { kind: 'mass' }>;

/** Every mass element of `body` with its pose in the body frame. */
function massesOf(body: SceneNode): { node: MassNode; pose: Pose3 }[] {
  const out: { node: MassNode; pose: Pose3 }[] = [];
  const visit = (node: MassNode, parent: Pose3): void => {
    const pose = composePose(parent, node.local);
    out.push({ node, pose });
    for (const c of node.children) if (c.kind === 'mass') visit(c, pose);
  };
  for (const c of body.children) if (c.kind === 'mass') visit(c, identityPose());
  return out;
}

/** The combined mass properties of the body's mass elements (zero mass at the origin when it has none). */
export function bodyMassProperties(body: SceneNode): MassProperties {
  const masses = massesOf(body);
  let mass = 0;
  const com = { x: 0, y: 0, z: 0 };
  const centres = masses.map(({ node, pose }) => transformPoint(pose, node.centerOfMass));
  masses.forEach(({ node }, i) => {
    const c = centres[i]!;
    mass += node.mass;
    com.x += node.mass * c.x;
    com.y += node.mass * c.y;
    com.z += node.mass * c.z;
  });
  if (mass > 0) {
    com.x /= mass;
    com.y /= mass;
    com.z /= mass;
  }
  // Σ R·I·Rᵀ + m·(|d|²·E − d·dᵀ), d from the combined centre to each element's centre.
  const sum = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  masses.forEach(({ node, pose }, i) => {
    const r = pose.rotation;
    const t = node.inertia;
    const local = [t.ixx, t.ixy, t.ixz, t.ixy, t.iyy, t.iyz, t.ixz, t.iyz, t.izz];
    const at = (m: number[], row: number, col: number): number => m[col * 3 + row]!;
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) {
        let v = 0;
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) v += at(r, row, a) * local[a * 3 + b]! * at(r, col, b);
        sum[row * 3 + col]! += v;
      }
    }
    const c = centres[i]!;
    const d = [c.x - com.x, c.y - com.y, c.z - com.z];
    const d2 = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!;
    for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) sum[row * 3 + col]! += node.mass * ((row === col ? d2 : 0) - d[row]! * d[col]!);
  });
  return { mass, centerOfMass: com, inertia: { ixx: sum[0]!, iyy: sum[4]!, izz: sum[8]!, ixy: sum[1]!, ixz: sum[2]!, iyz: sum[5]! } };
}
