/**
 * @file RoboCupGameControlReturnData version 4 (formats §8.4): the 32-byte packet a robot sends back to the
 * GameController on port 3939.
 */

/** Packet header. */
export const RETURN_HEADER = 'RGrt';
/** Packet version. */
export const RETURN_VERSION = 4;
/** Packet size (bytes). */
export const RETURN_SIZE = 32;
/** Port the GameController receives return packets on. */
export const RETURN_PORT = 3939;
/** How often a robot sends a return packet (aliveDelay, ms). */
export const RETURN_INTERVAL_MS = 1000;
/** A robot stops sending return packets this long after the last data packet (gameControllerTimeout, ms). */
export const GAME_CONTROLLER_TIMEOUT_MS = 2000;

/** What a robot reports. */
export interface ReturnData {
  playerNum: number;
  teamNum: number;
  /** 1 when fallen. */
  fallen: number;
  /** x (mm), y (mm), θ (rad) on the field. */
  pose: [number, number, number];
  /** Seconds since the ball was seen; −1 when never. */
  ballAge: number;
  /** Ball relative to the robot (mm). */
  ball: [number, number];
}

/** The 32 bytes of `data`. */
export function encodeReturnData(data: ReturnData): Uint8Array {
  const bytes = new Uint8Array(RETURN_SIZE);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = RETURN_HEADER.charCodeAt(i);
  bytes.set([RETURN_VERSION, data.playerNum & 0xff, data.teamNum & 0xff, data.fallen & 0xff], 4);
  data.pose.forEach((v, i) => view.setFloat32(8 + 4 * i, v, true));
  view.setFloat32(20, data.ballAge, true);
  data.ball.forEach((v, i) => view.setFloat32(24 + 4 * i, v, true));
  return bytes;
}

/** Decodes a return packet; undefined when its size, header or version is wrong. */
export function decodeReturnData(bytes: Uint8Array): ReturnData | undefined {
  if (bytes.length !== RETURN_SIZE) return undefined;
  if (String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!) !== RETURN_HEADER || bytes[4] !== RETURN_VERSION)
    return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const f = (o: number): number => view.getFloat32(o, true);
  return {
    playerNum: bytes[5]!,
    teamNum: bytes[6]!,
    fallen: bytes[7]!,
    pose: [f(8), f(12), f(16)],
    ballAge: f(20),
    ball: [f(24), f(28)],
  };
}
