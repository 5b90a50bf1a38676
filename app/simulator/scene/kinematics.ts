/** Forward kinematics along a robot model's chains (camera poses from joint angles). */
import type { Pose3 } from '@robot-runtime/math/types';
import { composePose3, rotationAxisAngle } from '@robot-runtime/math/rotation';
import type { ChainLink } from './SceneModel';

/**
 * The pose at the end of `chain` in the frame `root` is expressed in (mm). Joints missing from `angles` are at 0.
 */
export function poseAlongChain(
  root: Pose3,
  chain: readonly ChainLink[],
  angles: Readonly<Record<string, number>>,
): Pose3 {
  let pose = root;
  for (const link of chain) {
    if (link.kind === 'fixed') pose = composePose3(pose, link.pose);
    else if (link.kind === 'hinge')
      pose = composePose3(pose, {
        rotation: rotationAxisAngle(link.axis, angles[link.joint] ?? 0),
        translation: { x: 0, y: 0, z: 0 },
      });
    else {
      const d = angles[link.joint] ?? 0;
      pose = composePose3(pose, {
        rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1],
        translation: { x: link.axis.x * d, y: link.axis.y * d, z: link.axis.z * d },
      });
    }
  }
  return pose;
}
