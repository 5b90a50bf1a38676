/**
 * @file A Node-side bridge client for tests: one request over the browser mode's WebSocket, authenticated like
 * the page (token, own Origin). Lets a spec arrange host state the UI then has to show.
 */
import WebSocket from 'ws';
import type { RequestChannel } from '../../app/ipc/channels';
import type { RequestOf, ResponseOf } from '../../app/ipc/messages';
import { decodeWireFrame } from '../../app/host/serving/wireFrames';
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
      if (frame.ok) resolve(frame.payload as ResponseOf<C>);
      else reject(new Error(frame.error));
    });
    ws.on('error', reject);
  });
}
