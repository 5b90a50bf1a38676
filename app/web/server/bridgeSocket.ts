/**
 * @file One WebSocket carrying the bridge: JSON request frames in, response and event frames out. Responses that
 * carry bytes (app/host/serving/wireFrames.ts) wait in the server's BulkResponses and the socket says where. Each
 * socket is one BridgeConnection, closed with the socket. Output to a socket that stopped reading is bounded: past
 * `MAX_BUFFERED_BYTES` events are dropped (responses still go), so a stalled tab cannot grow the host's memory.
 */
import type { WebSocket } from 'ws';
import type { BridgeHost } from '../../ipc/host';
import type { BulkResponses } from '../../host/serving/BulkResponses';
import { BYTE_CHANNELS, encodeWireFrame } from '../../host/serving/wireFrames';
import { parseWireRequest, type WireFromHost } from '../../ipc/wire';

/** Bytes a socket may have queued before events to it are dropped. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Serves the bridge on `socket` until it closes. */
export function serveBridge(socket: WebSocket, host: BridgeHost, bulk: BulkResponses): void {
  const send = (frame: WireFromHost, droppable: boolean): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (droppable && socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    socket.send(encodeWireFrame(frame));
  };
  const connection = host.connect((channel, payload) => send({ kind: 'event', channel, payload }, true));
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(1003, 'text frames only');
      return;
    }
    const parsed = parseWireRequest(data.toString());
    if ('error' in parsed) {
      if (parsed.id !== undefined) send({ kind: 'response', id: parsed.id, ok: false, error: parsed.error }, false);
      else socket.close(1008, parsed.error);
      return;
    }
    connection.request(parsed.channel, parsed.payload as never).then(
      (payload) => {
        if (!BYTE_CHANNELS.has(parsed.channel))
          return send({ kind: 'response', id: parsed.id, ok: true, payload }, false);
        if (socket.readyState !== socket.OPEN) return;
        const key = bulk.put(
          encodeWireFrame({ kind: 'response', id: parsed.id, ok: true, payload }, true) as Uint8Array,
        );
        send({ kind: 'response', id: parsed.id, ok: true, bulk: key }, false);
      },
      (error: unknown) =>
        send(
          { kind: 'response', id: parsed.id, ok: false, error: error instanceof Error ? error.message : String(error) },
          false,
        ),
    );
  });
  socket.on('close', () => connection.close());
  socket.on('error', () => connection.close());
}
