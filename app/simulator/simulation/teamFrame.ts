/**
 * @file Ground truth as one robot sees it: in its team's frame (own goal at negative x). The team defending the
 * positive x goal sees the field rotated by 180°.
 */
import type { Pose2 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';
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

/** A player in GroundTruthWorldState (plain value). */
interface GroundTruthPlayerValue {
  number: number;
  pose: Pose2;
  upright: boolean;
}

/** GroundTruthWorldState as a plain value. */
export interface GroundTruthValue {
  ownTeamPlayers: GroundTruthPlayerValue[];
  opponentTeamPlayers: GroundTruthPlayerValue[];
  ownPose: Pose2;
  balls: { position: { x: number; y: number; z: number }; velocity: { x: number; y: number; z: number } }[];
}

/** Writes toTeamFrame(pose, mirrored) into `target`. */
function setTeamFrame(target: Pose2, pose: Pose2, mirrored: boolean): void {
  const t = target.translation;
  if (!mirrored) {
    target.rotation = pose.rotation;
    t.x = pose.translation.x;
    t.y = pose.translation.y;
  } else {
    target.rotation = normalizeAngle(pose.rotation + Math.PI);
    t.x = -pose.translation.x;
    t.y = -pose.translation.y;
  }
}

/** Sets `list[index]` to a player, reusing the record already there. */
function setPlayer(
  list: GroundTruthPlayerValue[],
  index: number,
  number: number,
  pose: Pose2,
  upright: boolean,
  mirrored: boolean,
): void {
  let player = list[index];
  if (!player) list[index] = player = { number, pose: { rotation: 0, translation: { x: 0, y: 0 } }, upright };
  player.number = number;
  player.upright = upright;
  setTeamFrame(player.pose, pose, mirrored);
}

/**
 * GroundTruthWorldState (plain value) for robot `name` of `team`. With `into` (the robot's value of an earlier
 * step, which nobody holds any more: the robot's LogDataProvider copies what it is given) the value is written
 * into the same records, so the ground truth of 14 robots costs no garbage per step.
 */
export function groundTruthFor(
  state: WorldState,
  name: string,
  team: 0 | 1,
  mirrored: boolean,
  into?: GroundTruthValue,
): GroundTruthValue {
  const out: GroundTruthValue = into ?? {
    ownTeamPlayers: [],
    opponentTeamPlayers: [],
    ownPose: { rotation: 0, translation: { x: 0, y: 0 } },
    balls: [],
  };
  const s = mirrored ? -1 : 1;
  let own = 0;
  let opponents = 0;
  let found = false;
  for (const r of state.robots) {
    if (r.name === name) {
      setTeamFrame(out.ownPose, r.pose, mirrored);
      found = true;
    } else if (r.team === team) setPlayer(out.ownTeamPlayers, own++, r.playerNumber, r.pose, !r.fallen, mirrored);
    else setPlayer(out.opponentTeamPlayers, opponents++, r.playerNumber, r.pose, !r.fallen, mirrored);
  }
  if (!found) setTeamFrame(out.ownPose, { rotation: 0, translation: { x: 0, y: 0 } }, false);
  out.ownTeamPlayers.length = own;
  out.opponentTeamPlayers.length = opponents;
  const ball = state.ball;
  if (!ball) out.balls.length = 0;
  else {
    const b = (out.balls[0] ??= { position: { x: 0, y: 0, z: 0 }, velocity: { x: 0, y: 0, z: 0 } });
    out.balls.length = 1;
    b.position.x = s * ball.position.x;
    b.position.y = s * ball.position.y;
    b.position.z = ball.position.z;
    b.velocity.x = s * ball.velocity.x;
    b.velocity.y = s * ball.velocity.y;
    b.velocity.z = ball.velocity.z;
  }
  return out;
}
