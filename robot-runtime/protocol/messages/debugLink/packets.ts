/** TCP port of a robot's debug link (the robot listens). */
export const DEBUG_LINK_PORT = 9999;

/** Largest packet payload either side accepts (64 MiB); larger size fields mean the stream is corrupt. */
export const MAX_RECEIVE_PACKET_SIZE = 64 * 1024 * 1024;

/** A robot's send buffer; a queue it sends should stay below this (formats §2.1). */
export const MAX_SEND_PACKET_SIZE = 6_000_000;

/** Bytes of the packet length prefix (int32, little-endian). */
export const PACKET_HEADER_SIZE = 4;

/** A heartbeat: a packet of size 0, meaning "I heard you, nothing to say". */
export const HEARTBEAT_PACKET: Uint8Array = new Uint8Array(PACKET_HEADER_SIZE);

/** Frames `payload` as one packet: int32 LE size, then the payload. */
export function encodePacket(payload: Uint8Array): Uint8Array {
  const packet = new Uint8Array(PACKET_HEADER_SIZE + payload.length);
  new DataView(packet.buffer).setInt32(0, payload.length, true);
  packet.set(payload, PACKET_HEADER_SIZE);
  return packet;
}
