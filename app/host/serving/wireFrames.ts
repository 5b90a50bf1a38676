/**
 * @file Bytes on the browser mode's WebSocket (the renderer's end is WebSocketBridge): responses of the channels in
 * BYTE_CHANNELS carry Uint8Arrays (camera images, the scene's meshes) and travel as one binary frame (JSON with the bytes after it,
 * robot-runtime's jsonWithBytes) instead of JSON text with base64 in it; everything else stays a JSON text frame.
 * Electron's IPC needs none of this: its structured clone carries Uint8Arrays as they are.
 */
import { decodeJsonWithBytes, encodeJsonWithBytes } from '@robot-runtime/protocol/binary/jsonWithBytes';
import type { RequestChannel } from '../../ipc/channels';
import type { WireFromHost } from '../../ipc/wire';

/** Request channels whose responses carry bytes. */
export const BYTE_CHANNELS: ReadonlySet<RequestChannel> = new Set<RequestChannel>([
  'pitchside:image.frame',
  'pitchside:sim.appearance',
]);

/** Encodes a frame from the host: binary when `bytes` says its payload carries byte arrays, else JSON text. */
export function encodeWireFrame(frame: WireFromHost, bytes = false): string | Uint8Array {
  return bytes ? encodeJsonWithBytes(frame) : JSON.stringify(frame);
}

/** Decodes a frame from the host, text or binary; throws for a malformed one. */
export function decodeWireFrame(data: string | Uint8Array): WireFromHost {
  return (typeof data === 'string' ? JSON.parse(data) : decodeJsonWithBytes(data)) as WireFromHost;
}
