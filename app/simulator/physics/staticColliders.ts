/**
 * Fixed colliders from the scene's geometries: everything outside the robot, ball and puppet compounds (the
 * ground, goal posts, crossbars, nets) is static. SimRobot's cylinders and capsules stand along z; Rapier's
 * along y, hence the extra rotation.
 */
import type { Pose3 } from '@robot-runtime/math/types';
import { composePose3, rotationX } from '@robot-runtime/math/rotation';
import { quaternionFromMatrix } from '../geometry/quaternion';
import type { SceneNode } from '../scene/sceneGraph';
import { RAPIER } from './rapier';

/** Compounds whose bodies are simulated separately. */
const DYNAMIC_COMPOUNDS = new Set(['robots', 'extras', 'puppets', 'balls']);

/** Adds a fixed collider for every static geometry; returns how many were added. */
export function addStaticColliders(world: InstanceType<typeof RAPIER.World>, scene: SceneNode): number {
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  let count = 0;
  const visit = (node: SceneNode, parent: Pose3, depth: number): void => {
    if (depth === 1 && node.name !== undefined && DYNAMIC_COMPOUNDS.has(node.name)) return;
    const pose = composePose3(parent, node.local);
    if (node.kind === 'geometry') {
      const desc = shapeDesc(node, pose);
      if (desc) {
        const restitution = Object.values(node.material?.restitution ?? {})[0] ?? 0.3;
        const friction = Object.values(node.material?.friction ?? {})[0] ?? 0.5;
        world.createCollider(desc.setRestitution(restitution).setFriction(friction), ground);
        count++;
      }
    }
    for (const c of node.children) visit(c, pose, depth + 1);
  };
  for (const c of scene.children) visit(c, scene.local, 1);
  return count;
}

function shapeDesc(
  node: Extract<SceneNode, { kind: 'geometry' }>,
  pose: Pose3,
): InstanceType<typeof RAPIER.ColliderDesc> | undefined {
  let desc: InstanceType<typeof RAPIER.ColliderDesc>;
  let rotation = pose.rotation;
  if (node.shape === 'box') desc = RAPIER.ColliderDesc.cuboid(node.depth! / 2, node.width! / 2, node.height! / 2);
  else if (node.shape === 'sphere') desc = RAPIER.ColliderDesc.ball(node.radius!);
  else if (node.shape === 'cylinder' || node.shape === 'capsule') {
    desc =
      node.shape === 'cylinder'
        ? RAPIER.ColliderDesc.cylinder(node.height! / 2, node.radius!)
        : RAPIER.ColliderDesc.capsule(Math.max(0, node.height! / 2 - node.radius!), node.radius!);
    rotation = composePose3(pose, { rotation: rotationX(Math.PI / 2), translation: { x: 0, y: 0, z: 0 } }).rotation;
  } else return undefined;
  const t = pose.translation;
  return desc.setTranslation(t.x, t.y, t.z).setRotation(quaternionFromMatrix(rotation));
}
