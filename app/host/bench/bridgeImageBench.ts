// A camera image through the browser mode's bridge: one 640×480 YUYV image frame answered over a real WebSocket on
// loopback and decoded to its pixels at the other end, as a binary frame (what the bridge sends) and, as the
// same-run baseline, as JSON text with the pixels in base64 (what it sent before). Both alternate in short rounds
// and keep their best, as the debug-link benchmark does, so the load of the moment does not decide the ratio.
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { ImageFrame } from '../../ipc/simulation';
import type { WireResponse } from '../../ipc/wire';
import { decodeWireFrame, encodeWireFrame } from '../serving/wireFrames';
import type { BenchRow } from './BenchRow';

const ROUNDS = 5;
const IMAGES_PER_ROUND = 60;

/** How the image crosses the socket. */
type Encoding = 'binary' | 'base64';

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

/** Milliseconds per image of one round: request, encoded answer, decoded pixels. */
async function round(port: number, encoding: Encoding, frame: ImageFrame): Promise<number> {
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  client.binaryType = 'nodebuffer';
  await new Promise((resolve) => client.once('open', resolve));
  let pixels = 0;
  const received = (data: Buffer, isBinary: boolean): void => {
    const response = (isBinary ? decodeWireFrame(new Uint8Array(data)) : decodeWireFrame(data.toString())) as Extract<
      WireResponse,
      { ok: true }
    >;
    const image = response.payload as { data: Uint8Array | string };
    pixels += typeof image.data === 'string' ? Buffer.from(image.data, 'base64').length : image.data.length;
  };
  const start = performance.now();
  for (let i = 0; i < IMAGES_PER_ROUND; i++) {
    const answered = new Promise<void>((resolve) =>
      client.once('message', (data: Buffer, isBinary) => {
        received(data, isBinary);
        resolve();
      }),
    );
    client.send(
      JSON.stringify({
        kind: 'request',
        id: i,
        channel: 'pitchside:image.frame',
        payload: { robot: 'robot1', view: 'upper' },
      }),
    );
    await answered;
  }
  const ms = (performance.now() - start) / IMAGES_PER_ROUND;
  client.close();
  if (pixels !== IMAGES_PER_ROUND * frame.data.length) throw new Error(`${encoding}: pixels lost on the way`);
  return ms;
}

/** The bridge image benchmark. */
export async function runBridgeImageBench(): Promise<BenchRow[]> {
  const frame = imageFrame();
  let encoding: Encoding = 'binary';
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      const { id } = JSON.parse(String(data)) as { id: number };
      if (encoding === 'binary') socket.send(encodeWireFrame({ kind: 'response', id, ok: true, payload: frame }, true));
      else
        socket.send(
          JSON.stringify({
            kind: 'response',
            id,
            ok: true,
            payload: { ...frame, data: Buffer.from(frame.data).toString('base64') },
          }),
        );
    }),
  );
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const best: Record<Encoding, number> = { binary: Infinity, base64: Infinity };
  try {
    for (let r = 0; r <= ROUNDS; r++) {
      for (const e of ['binary', 'base64'] as const) {
        encoding = e;
        const ms = await round(port, e, frame);
        if (r > 0) best[e] = Math.min(best[e], ms); // round 0 warms up
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return [
    {
      group: 'bridge',
      name: 'camera image 640×480 YUYV over the browser-mode WebSocket, request to decoded pixels (binary frame)',
      value: best.binary,
      unit: 'ms',
      baseline: { name: 'JSON text with base64 pixels (the format before)', value: best.base64 },
    },
  ];
}
