import type { Socket } from 'node:net';
import { PACKET_HEADER_SIZE } from '@robot-runtime/protocol/messages/debugLink/packets';

/**
 * Writes one packet (int32 LE size + payload) without copying the payload into a combined buffer: the two writes
 * are corked so they still leave as one segment. Returns false when the socket's buffer is above its high-water mark.
 */
export function writePacket(socket: Socket, payload: Uint8Array): boolean {
  const header = Buffer.allocUnsafe(PACKET_HEADER_SIZE);
  header.writeInt32LE(payload.length, 0);
  socket.cork();
  socket.write(header);
  const ok = payload.length === 0 ? true : socket.write(payload);
  socket.uncork();
  return ok;
}

/** Writes one packet whose payload is given as parts (a gathered write: the parts are not joined). */
export function writePacketParts(socket: Socket, size: number, parts: readonly Uint8Array[]): boolean {
  const header = Buffer.allocUnsafe(PACKET_HEADER_SIZE);
  header.writeInt32LE(size, 0);
  socket.cork();
  let ok = socket.write(header);
  for (const part of parts) if (part.length > 0) ok = socket.write(part);
  socket.uncork();
  return ok;
}

/** host:port of a socket's peer, for messages. */
export function peerName(socket: Socket): string {
  return `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
}
