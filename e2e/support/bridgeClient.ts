/**
 * @file A Node-side bridge client for tests: one request over the browser mode's WebSocket, authenticated like
 * the page (token, own Origin), a response with bytes fetched as the page fetches it. Lets a spec arrange host
 * state the UI then has to show.
 */
import WebSocket from 'ws';
import type { RequestChannel } from '../../app/ipc/channels';
import type { RequestOf, ResponseOf } from '../../app/ipc/messages';
import { decodeWireFrame } from '../../app/host/serving/wireFrames';
import { BULK_PATH, type WireFromHost } from '../../app/ipc/wire';
import type { RunningWebServer } from '../../app/web/server/WebServer';

/** Sends one request and resolves with its response. */
export function bridgeRequest<C extends RequestChannel>(
  server: RunningWebServer,
  channel: C,
  payload: RequestOf<C>,
): Promise<ResponseOf<C>> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?token=${server.token}`, { origin: server.origin });
    ws.on('open', () => ws.send(JSON.stringify({ kind: 'request', id: 1, channel, payload })));
    ws.on('message', (data, isBinary) => {
      const frame = decodeWireFrame(isBinary ? new Uint8Array(data as Buffer) : String(data));
      if (frame.kind !== 'response') return;
      ws.close();
      answer(server, frame).then((payload) => resolve(payload as ResponseOf<C>), reject);
    });
    ws.on('error', reject);
  });
}

/** The payload of a response, fetched over HTTP when the host kept it off the socket. */
async function answer(server: RunningWebServer, frame: Extract<WireFromHost, { kind: 'response' }>): Promise<unknown> {
  if ('bulk' in frame) {
    const response = await fetch(`${server.origin}${BULK_PATH}${frame.bulk}?token=${server.token}`);
    if (!response.ok) throw new Error(`bulk response: ${response.status}`);
    return answer(server, decodeWireFrame(new Uint8Array(await response.arrayBuffer())) as typeof frame);
  }
  if (frame.ok) return frame.payload;
  throw new Error(frame.error);
}
