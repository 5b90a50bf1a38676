// A camera image through the browser mode's bridge: one 640×480 YUYV image frame answered on loopback and decoded
// to its pixels at the other end. What the bridge does now: the WebSocket answers with a one-time key and the
// client fetches the encoded response over HTTP (BulkResponses); same-run baselines: the response as one binary
// frame on the WebSocket (what it did before) and as JSON text with the pixels in base64 (before that). All
// alternate in short rounds and keep their best, as the debug-link benchmark does, so the load of the moment does
// not decide the ratio.
import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { ImageFrame } from '../../ipc/simulation';
import { BULK_PATH, type WireFromHost, type WireResponse } from '../../ipc/wire';
import { BulkResponses } from '../serving/BulkResponses';
import { decodeWireFrame, encodeWireFrame } from '../serving/wireFrames';
import type { BenchRow } from './BenchRow';

const ROUNDS = 5;
const IMAGES_PER_ROUND = 60;

/** How the image crosses. */
type Encoding = 'bulk' | 'binary' | 'base64';
const ENCODINGS: readonly Encoding[] = ['bulk', 'binary', 'base64'];

function imageFrame(): ImageFrame {
  const data = new Uint8Array(640 * 480 * 2).map((_, i) => (i * 31) & 0xff);
  return {
    robot: 'robot1',
    view: 'upper',
    thread: 'Upper',
    seq: 1,
    width: 640,
    height: 480,
    format: 'yuyv',
    data,
    drawings: [],
  };
}

/** The answer to request `id` as `encoding` sends it on the socket. */
function answer(id: number, encoding: Encoding, frame: ImageFrame, bulk: BulkResponses): string | Uint8Array {
  const response: WireResponse = { kind: 'response', id, ok: true, payload: frame };
  if (encoding === 'binary') return encodeWireFrame(response, true);
  if (encoding === 'bulk')
    return encodeWireFrame({
      kind: 'response',
      id,
      ok: true,
      bulk: bulk.put(encodeWireFrame(response, true) as Uint8Array),
    });
  return JSON.stringify({ ...response, payload: { ...frame, data: Buffer.from(frame.data).toString('base64') } });
}

/** One connection kept open, as a browser keeps its connection to the page's server. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** The body of a GET. */
function fetchBody(url: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The pixel count of a received answer, fetching it first when it waits at the server. */
async function pixelsOf(frame: WireFromHost, port: number): Promise<number> {
  if (frame.kind !== 'response' || !frame.ok) throw new Error('no image in the answer');
  if ('bulk' in frame) {
    const body = await fetchBody(`http://127.0.0.1:${port}${BULK_PATH}${frame.bulk}`);
    return pixelsOf(decodeWireFrame(body), port);
  }
  const image = frame.payload as { data: Uint8Array | string };
  return typeof image.data === 'string' ? Buffer.from(image.data, 'base64').length : image.data.length;
}

/** Milliseconds per image of one round: request, encoded answer, decoded pixels. */
async function round(port: number, encoding: Encoding, frame: ImageFrame): Promise<number> {
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  client.binaryType = 'nodebuffer';
  await new Promise((resolve) => client.once('open', resolve));
  let pixels = 0;
  const start = performance.now();
  for (let i = 0; i < IMAGES_PER_ROUND; i++) {
    const answered = new Promise<WireFromHost>((resolve) =>
      client.once('message', (data: Buffer, isBinary) =>
        resolve(isBinary ? decodeWireFrame(new Uint8Array(data)) : decodeWireFrame(data.toString())),
      ),
    );
    client.send(
      JSON.stringify({
        kind: 'request',
        id: i,
        channel: 'pitchside:image.frame',
        payload: { robot: 'robot1', view: 'upper' },
      }),
    );
    pixels += await pixelsOf(await answered, port);
  }
  const ms = (performance.now() - start) / IMAGES_PER_ROUND;
  client.close();
  if (pixels !== IMAGES_PER_ROUND * frame.data.length) throw new Error(`${encoding}: pixels lost on the way`);
  return ms;
}

/** The bridge image benchmark. */
export async function runBridgeImageBench(): Promise<BenchRow[]> {
  const frame = imageFrame();
  const bulk = new BulkResponses();
  let encoding: Encoding = 'bulk';
  const http = createServer((req, res) => {
    const body = bulk.take((req.url ?? '').slice(BULK_PATH.length));
    res.writeHead(body ? 200 : 404, { 'Content-Length': body?.length ?? 0 });
    res.end(body);
  });
  const server = new WebSocketServer({ server: http });
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      const { id } = JSON.parse(String(data)) as { id: number };
      socket.send(answer(id, encoding, frame, bulk));
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const best: Record<Encoding, number> = { bulk: Infinity, binary: Infinity, base64: Infinity };
  try {
    for (let r = 0; r <= ROUNDS; r++) {
      for (const e of ENCODINGS) {
        encoding = e;
        const ms = await round(port, e, frame);
        if (r > 0) best[e] = Math.min(best[e], ms); // round 0 warms up
      }
    }
  } finally {
    server.close();
    agent.destroy();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
  return [
    {
      group: 'bridge',
      name: 'camera image 640×480 YUYV through the browser-mode bridge, request to decoded pixels (key on the WebSocket, body over HTTP)',
      value: best.bulk,
      unit: 'ms',
      baseline: { name: 'one binary frame on the WebSocket (the format before)', value: best.binary },
    },
    {
      group: 'bridge',
      name: 'camera image 640×480 YUYV as one binary WebSocket frame, request to decoded pixels',
      value: best.binary,
      unit: 'ms',
      baseline: { name: 'JSON text with base64 pixels (the format before that)', value: best.base64 },
    },
  ];
}
