/**
 * @file A team that speaks the standard message (NUbots proposal) instead of the bit-packed one: the robot's
 * modules keep producing and consuming B-Human packets, and the network host translates at the socket, so the
 * choice is a per-team network setting. Role, pose validity, uprightness and time to the ball travel in the
 * `pitchside.status` extension; a receiver that does not know it still gets pose, ball and state.
 */
import {
  decodeStandardMessage,
  encodeStandardMessage,
  type StandardMessage,
} from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import {
  decodeBHumanPacket,
  encodeBHumanPacket,
  NO_GC_REFERENCE_OFFSET,
} from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import type { ContentCodec, TeamMessageContentShape } from '@robot-runtime/protocol/teamMessage/contentCodec';

/** Name of the extension with the fields the standard message has no place for. */
export const STATUS_EXTENSION = 'pitchside.status';

/** A B-Human packet (header + payload in `codec`'s format) as a standard message; undefined if it does not decode. */
export function toStandardMessage(
  packet: Uint8Array,
  codec: ContentCodec,
  teamNumber: number,
  magicNumber: number,
): Uint8Array | undefined {
  let decoded;
  try {
    decoded = decodeBHumanPacket(packet, magicNumber);
  } catch {
    return undefined;
  }
  const c = codec.decode(decoded.payload);
  if (!c) return undefined;
  const { rotation, translation } = c.pose;
  const cos = Math.cos(-rotation);
  const sin = Math.sin(-rotation);
  const toRobot = (x: number, y: number) => ({ x: cos * x - sin * y, y: sin * x + cos * y });
  const status = new Uint8Array(4);
  const ttrb = Math.min(0xffff, Math.max(0, Math.round(c.timeToReachBall / 10)));
  status.set([c.role & 0xff, (c.poseValid ? 1 : 0) | (c.isUpright ? 2 : 0), ttrb & 0xff, ttrb >> 8]);
  const message: StandardMessage = {
    teamId: teamNumber,
    playerId: decoded.header.playerNumber,
    timestamp: decoded.header.timestamp,
    state: c.isPenalized ? 'STATE_PENALISED' : 'STATE_UNPENALISED',
    fieldPose: { pose: { x: translation.x, y: translation.y, theta: rotation }, covariance: [] },
    ball: {
      position: toRobot(c.ballPosition.x - translation.x, c.ballPosition.y - translation.y),
      covariance: [],
      velocity: toRobot(c.ballVelocity.x, c.ballVelocity.y),
      age: c.ballAge === undefined ? undefined : Math.round(c.ballAge),
    },
    walkCommand: { velocity: { x: 0, y: 0, theta: 0 } },
    extensions: [{ name: STATUS_EXTENSION, data: status }],
  };
  return encodeStandardMessage(message);
}

/** A standard message as a B-Human packet for the modules; undefined for anything that is not one. */
export function fromStandardMessage(
  bytes: Uint8Array,
  codec: ContentCodec,
  magicNumber: number,
): Uint8Array | undefined {
  let m: StandardMessage;
  try {
    m = decodeStandardMessage(bytes);
  } catch {
    return undefined;
  }
  const { x, y, theta } = m.fieldPose.pose;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const toField = (p: { x: number; y: number }) => ({ x: cos * p.x - sin * p.y, y: sin * p.x + cos * p.y });
  const ball = toField(m.ball.position);
  const status = m.extensions.find((e) => e.name === STATUS_EXTENSION)?.data;
  const content: TeamMessageContentShape = {
    pose: { rotation: theta, translation: { x, y } },
    poseValid: status ? (status[1]! & 1) !== 0 : true,
    isUpright: status ? (status[1]! & 2) !== 0 : true,
    isPenalized: m.state === 'STATE_PENALISED',
    ballPosition: { x: x + ball.x, y: y + ball.y },
    ballVelocity: toField(m.ball.velocity),
    ballAge: m.ball.age,
    role: status?.[0] ?? 0,
    timeToReachBall: status && status.length >= 4 ? (status[2]! | (status[3]! << 8)) * 10 : 100_000,
  };
  return encodeBHumanPacket(
    {
      playerNumber: m.playerId,
      timestamp: m.timestamp,
      referenceGameControllerPacketNumber: 0,
      referenceGameControllerPacketTimestampOffset: NO_GC_REFERENCE_OFFSET,
    },
    codec.encode(content),
    magicNumber,
  );
}
