/**
 * @file Ground truth as one robot sees it: in its team's frame (own goal at negative x). The team defending the
 * positive x goal sees the field rotated by 180°.
 */
import type { Pose2 } from '../../../robot-runtime/math/types';
import { normalizeAngle } from '../../../robot-runtime/math/vec2';
import type { WorldState } from '../physics/WorldState';

/** A field-frame pose in a team frame (`mirrored` = the team defends +x). */
export function toTeamFrame(pose: Pose2, mirrored: boolean): Pose2 {
  if (!mirrored) return { rotation: pose.rotation, translation: { x: pose.translation.x, y: pose.translation.y } };
  return {
    rotation: normalizeAngle(pose.rotation + Math.PI),
    translation: { x: -pose.translation.x, y: -pose.translation.y },
  };
}

/** A team-frame pose in the field frame (the inverse of toTeamFrame). */
export const fromTeamFrame = toTeamFrame;

/** GroundTruthWorldState (plain value) for robot `name` of `team`. */
export function groundTruthFor(state: WorldState, name: string, team: 0 | 1, mirrored: boolean): unknown {
  const s = mirrored ? -1 : 1;
  const own: unknown[] = [];
  const opponents: unknown[] = [];
  let ownPose: Pose2 = { rotation: 0, translation: { x: 0, y: 0 } };
  for (const r of state.robots) {
    const pose = toTeamFrame(r.pose, mirrored);
    if (r.name === name) ownPose = pose;
    else (r.team === team ? own : opponents).push({ number: r.playerNumber, pose, upright: !r.fallen });
  }
  const balls = state.ball
    ? [
        {
          position: { x: s * state.ball.position.x, y: s * state.ball.position.y, z: state.ball.position.z },
          velocity: { x: s * state.ball.velocity.x, y: s * state.ball.velocity.y, z: state.ball.velocity.z },
        },
      ]
    : [];
  return { ownTeamPlayers: own, opponentTeamPlayers: opponents, ownPose, balls };
}
