/**
 * @file The 8-byte BHumanMessage header (version 72, formats §8.2) in front of the compressed team message, and the
 * 128-byte packet limit of the rules.
 */
import { TeamMessageError } from './TeamMessageError';

/** BHumanMessage version this runtime speaks. */
export const BHUMAN_MESSAGE_VERSION = 72;
/** Size of the header (bytes). */
export const BHUMAN_HEADER_SIZE = 8;
/** Largest team message packet the rules allow (bytes). */
export const MAX_TEAM_PACKET_SIZE = 128;
/** Room for the compressed payload after the header (bytes). */
export const MAX_TEAM_PAYLOAD_SIZE = MAX_TEAM_PACKET_SIZE - BHUMAN_HEADER_SIZE;
/** The UDP port team `teamNumber` sends and receives its team messages on. */
export const teamPort = (teamNumber: number): number => 10000 + teamNumber;

/** `referenceGameControllerPacketTimestampOffset` when no GameController packet can serve as a reference. */
export const NO_GC_REFERENCE_OFFSET = 0xffff;

/** The header fields. */
export interface BHumanHeader {
  /** Player number of the sender (1..20). */
  playerNumber: number;
  /** Send time on the sender's clock (ms); only its low 24 bits travel. */
  timestamp: number;
  /** (timestamp + 200) − receive time of the reference GC packet, or NO_GC_REFERENCE_OFFSET (formats §8.3). */
  referenceGameControllerPacketTimestampOffset: number;
  /** Packet number of the reference GC packet (0 when none). */
  referenceGameControllerPacketNumber: number;
}

/** Writes header + payload into one packet. Throws TeamMessageError when it would exceed 128 bytes. */
export function encodeBHumanPacket(header: BHumanHeader, payload: Uint8Array, magicNumber: number): Uint8Array {
  if (payload.length > MAX_TEAM_PAYLOAD_SIZE)
    throw new TeamMessageError(`team message payload of ${payload.length} bytes exceeds ${MAX_TEAM_PAYLOAD_SIZE}`);
  const packet = new Uint8Array(BHUMAN_HEADER_SIZE + payload.length);
  const t = header.timestamp >>> 0;
  packet[0] = (BHUMAN_MESSAGE_VERSION ^ magicNumber) & 0xff;
  packet[1] = header.playerNumber & 0xff;
  packet[2] = t & 0xff;
  packet[3] = (t >>> 8) & 0xff;
  packet[4] = (t >>> 16) & 0xff;
  packet[5] = header.referenceGameControllerPacketTimestampOffset & 0xff;
  packet[6] = (header.referenceGameControllerPacketTimestampOffset >>> 8) & 0xff;
  packet[7] = header.referenceGameControllerPacketNumber & 0xff;
  packet.set(payload, BHUMAN_HEADER_SIZE);
  return packet;
}

/** A decoded header; `timestamp` holds only the 24 transmitted bits (see expandTimestamp). */
export interface DecodedBHumanPacket {
  readonly header: BHumanHeader;
  readonly payload: Uint8Array;
}

/** Splits a packet; throws TeamMessageError when its size or version (with the magic number) is wrong. */
export function decodeBHumanPacket(packet: Uint8Array, magicNumber: number): DecodedBHumanPacket {
  if (packet.length < BHUMAN_HEADER_SIZE)
    throw new TeamMessageError(`team message of ${packet.length} bytes is shorter than its header`);
  if (packet.length > MAX_TEAM_PACKET_SIZE)
    throw new TeamMessageError(`team message of ${packet.length} bytes exceeds ${MAX_TEAM_PACKET_SIZE}`);
  const version = packet[0]! ^ (magicNumber & 0xff);
  if (version !== BHUMAN_MESSAGE_VERSION)
    throw new TeamMessageError(
      `team message version ${version} (after the magic number) is not ${BHUMAN_MESSAGE_VERSION}`,
    );
  return {
    header: {
      playerNumber: packet[1]!,
      timestamp: packet[2]! | (packet[3]! << 8) | (packet[4]! << 16),
      referenceGameControllerPacketTimestampOffset: packet[5]! | (packet[6]! << 8),
      referenceGameControllerPacketNumber: packet[7]!,
    },
    payload: packet.subarray(BHUMAN_HEADER_SIZE),
  };
}

const WRAP = 2 ** 24;

/** The full time stamp whose low 24 bits are `low24` and that lies closest to `near` (e.g. the receive time). */
export function expandTimestamp(low24: number, near: number): number {
  const base = near - (((near % WRAP) + WRAP) % WRAP);
  let best = base + low24;
  for (const candidate of [best - WRAP, best + WRAP])
    if (candidate >= 0 && Math.abs(candidate - near) < Math.abs(best - near)) best = candidate;
  return Math.max(0, best);
}
