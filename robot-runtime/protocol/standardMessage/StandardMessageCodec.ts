/**
 * @file Encodes and decodes the standard team message (NUbots proposal) with protobufjs, from the schema parsed
 * at run time. One message per UDP packet; decoding is bounded and reports malformed input as an error.
 */
import protobuf from 'protobufjs';
import { STANDARD_MESSAGE_PROTO } from './schema';

/** x, y (mm) and theta (rad). */
export interface StdPose2 {
  x: number;
  y: number;
  theta: number;
}

/** A position (mm). */
export interface StdPosition2 {
  x: number;
  y: number;
}

/** Whether the sender plays. */
export type StdRobotState = 'STATE_UNKNOWN' | 'STATE_UNPENALISED' | 'STATE_PENALISED';

/** The message as a plain object (the .proto's fields in camelCase). */
export interface StandardMessage {
  teamId: number;
  playerId: number;
  timestamp: number;
  state: StdRobotState;
  fieldPose: { pose: StdPose2; covariance: number[] };
  ball: { position: StdPosition2; covariance: number[]; velocity: StdPosition2; age?: number };
  walkCommand: { velocity: StdPose2 };
  kickTarget?: StdPosition2;
  extensions: { name: string; data: Uint8Array }[];
}

/** Largest packet accepted: a UDP datagram on a typical Ethernet without fragmentation. */
export const MAX_STANDARD_MESSAGE_SIZE = 1400;

/** A packet that is not a standard message. */
export class StandardMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StandardMessageError';
  }
}

let cached: protobuf.Type | undefined;

/** The compiled message type (parsed once). */
function messageType(): protobuf.Type {
  cached ??= protobuf
    .parse(STANDARD_MESSAGE_PROTO, { keepCase: false })
    .root.lookupType('pitchside.spl.StandardMessage');
  return cached;
}

/** The bytes of `message`. */
export function encodeStandardMessage(message: StandardMessage): Uint8Array {
  const type = messageType();
  const fixed = { ...message, state: type.lookupEnum('pitchside.spl.RobotState').values[message.state] ?? 0 };
  return type.encode(type.fromObject(fixed)).finish();
}

/** The message in `bytes`; throws StandardMessageError for anything that is not one. */
export function decodeStandardMessage(bytes: Uint8Array): StandardMessage {
  if (bytes.length > MAX_STANDARD_MESSAGE_SIZE)
    throw new StandardMessageError(`standard message of ${bytes.length} bytes exceeds ${MAX_STANDARD_MESSAGE_SIZE}`);
  const type = messageType();
  let decoded: protobuf.Message;
  try {
    decoded = type.decode(bytes);
  } catch (e) {
    throw new StandardMessageError(`malformed standard message: ${e instanceof Error ? e.message : String(e)}`);
  }
  const o = type.toObject(decoded, {
    defaults: true,
    enums: String,
    bytes: Uint8Array as unknown as typeof String,
    arrays: true,
  }) as Record<string, unknown>;
  const pose = (p: unknown): StdPose2 => ({ x: 0, y: 0, theta: 0, ...(p as object) });
  const pos = (p: unknown): StdPosition2 => ({ x: 0, y: 0, ...(p as object) });
  const fieldPose = (o.fieldPose ?? {}) as { pose?: unknown; covariance?: number[] };
  const ball = (o.ball ?? {}) as { position?: unknown; covariance?: number[]; velocity?: unknown; age?: number };
  const walk = (o.walkCommand ?? {}) as { velocity?: unknown };
  const message: StandardMessage = {
    teamId: o.teamId as number,
    playerId: o.playerId as number,
    timestamp: o.timestamp as number,
    state: (o.state as StdRobotState | undefined) ?? 'STATE_UNKNOWN',
    fieldPose: { pose: pose(fieldPose.pose), covariance: fieldPose.covariance ?? [] },
    ball: { position: pos(ball.position), covariance: ball.covariance ?? [], velocity: pos(ball.velocity) },
    walkCommand: { velocity: pose(walk.velocity) },
    extensions: ((o.extensions ?? []) as { name: string; data: Uint8Array }[]).map((e) => ({
      name: e.name,
      data: new Uint8Array(e.data),
    })),
  };
  if (ball.age !== undefined && ball.age !== null) message.ball.age = ball.age;
  if (o.kickTarget) message.kickTarget = pos(o.kickTarget);
  return message;
}
