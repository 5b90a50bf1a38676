/**
 * @file The 8-byte header of a team message (B-Human's BHumanMessage header, formats §8.2): version XOR magic
 * number, player number, 24-bit send time stamp, and the reference to a GameController packet for clock
 * synchronisation (0xFFFF / 0 = none; in simulation all robots share one clock, so none is needed).
 */

/** Protocol version of the header (B-Human's BHumanMessage version). */
export const TEAM_MESSAGE_VERSION = 72;
/** Bytes of the header. */
export const TEAM_MESSAGE_HEADER_SIZE = 8;
/** Largest packet the rules allow (TeamMessageContainer.data). */
export const TEAM_MESSAGE_MAX_SIZE = 128;

/** The header's fields. */
export interface TeamMessageHeader {
  playerNumber: number;
  /** Send time (ms, sender's clock), of which 24 bits are transmitted. */
  timestamp: number;
}

/** Writes the header followed by `payload`; throws if the packet would exceed 128 bytes. */
export function packTeamMessage(header: TeamMessageHeader, magicNumber: number, payload: Uint8Array): Uint8Array {
  if (payload.length > TEAM_MESSAGE_MAX_SIZE - TEAM_MESSAGE_HEADER_SIZE)
    throw new RangeError(
      `team message payload of ${payload.length} bytes exceeds ${TEAM_MESSAGE_MAX_SIZE - TEAM_MESSAGE_HEADER_SIZE}`,
    );
  const packet = new Uint8Array(TEAM_MESSAGE_HEADER_SIZE + payload.length);
  packet[0] = (TEAM_MESSAGE_VERSION ^ magicNumber) & 0xff;
  packet[1] = header.playerNumber & 0xff;
  const ts = header.timestamp & 0xffffff;
  packet[2] = ts & 0xff;
  packet[3] = (ts >> 8) & 0xff;
  packet[4] = (ts >> 16) & 0xff;
  packet[5] = 0xff;
  packet[6] = 0xff;
  packet[7] = 0;
  packet.set(payload, TEAM_MESSAGE_HEADER_SIZE);
  return packet;
}

/** Splits a packet; undefined when it is too short, too long or of another version / magic number. */
export function unpackTeamMessage(
  packet: Uint8Array,
  magicNumber: number,
  now: number,
): { header: TeamMessageHeader; payload: Uint8Array } | undefined {
  if (packet.length < TEAM_MESSAGE_HEADER_SIZE || packet.length > TEAM_MESSAGE_MAX_SIZE) return undefined;
  if (packet[0] !== ((TEAM_MESSAGE_VERSION ^ magicNumber) & 0xff)) return undefined;
  const ts = packet[2]! | (packet[3]! << 8) | (packet[4]! << 16);
  // Only 24 bits travel: the full time is the latest one at or before `now` with those low bits.
  const timestamp = Math.max(0, now - ((now - ts) & 0xffffff));
  return { header: { playerNumber: packet[1]!, timestamp }, payload: packet.subarray(TEAM_MESSAGE_HEADER_SIZE) };
}
