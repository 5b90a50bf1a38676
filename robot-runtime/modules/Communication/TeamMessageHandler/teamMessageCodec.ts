/**
 * @file The seam between the team message handler and the bytes on the network: a codec turns what a robot
 * tells its teammates into the payload after the header and back. The handler picks one by name (parameter
 * `codec`), so a bit-packed `teamMessage.def` codec can replace the simple one without touching the handler.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';

/** What a robot tells its teammates (field coordinates of the team frame). */
export interface TeamMessageContent {
  pose: Pose2;
  poseValid: boolean;
  isUpright: boolean;
  isPenalized: boolean;
  /** The ball on the field (mm) and its velocity (mm/s). */
  ballPosition: Vec2;
  ballVelocity: Vec2;
  /** How long ago (ms) the sender last saw the ball; undefined if it never did. */
  ballAge: number | undefined;
  /** A BehaviorRole value. */
  role: number;
  /** The sender's time to reach the ball (ms). */
  timeToReachBall: number;
}

/** Encodes and decodes team message payloads. */
export interface TeamMessageCodec {
  readonly name: string;
  /** The payload (at most 120 bytes). */
  encode(content: TeamMessageContent): Uint8Array;
  /** The content, or undefined for a payload this codec cannot read. */
  decode(payload: Uint8Array): TeamMessageContent | undefined;
}
