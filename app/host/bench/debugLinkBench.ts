// Debug-link throughput: 1 MB message queues from a robot-side DebugLinkServer to a DebugLinkClient over loopback,
// with the link's real handshake, framing and flow control, compared with a raw socket pump that writes the same
// bytes as fast as TCP accepts them (same process, same run).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DebugLinkClient } from '../transport/DebugLinkClient';
import { DebugLinkServer } from '../../../robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import { MessageQueue } from '../../../robot-runtime/protocol/messageQueue/MessageQueue';
import { MessageID } from '../../../robot-runtime/protocol/messages/MessageIDs';
import type { BenchRow } from './BenchRow';

const QUEUE_BYTES = 1 << 20;
const DURATION_MS = 2000;

/** A 1 MB queue of 16 camera-image-sized messages. */
function makeQueue(): Uint8Array {
  const queue = new MessageQueue(QUEUE_BYTES + 1024);
  const payload = new Uint8Array(QUEUE_BYTES / 16 - 4).map((_, i) => i & 0xff);
  for (let i = 0; i < 16; i++) queue.append(MessageID.idCameraImage, payload);
  return queue.toBytes();
}

async function rawPumpMBps(chunk: Uint8Array): Promise<number> {
  let received = 0;
  const server = net.createServer((socket) => socket.on('data', (d) => (received += d.length)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', r));
  const header = Buffer.alloc(4);
  header.writeInt32LE(chunk.length);
  const start = performance.now();
  let running = true;
  const pump = (): void => {
    while (running) {
      socket.cork();
      socket.write(header);
      const ok = socket.write(chunk);
      socket.uncork();
      if (!ok) {
        socket.once('drain', pump);
        return;
      }
    }
  };
  pump();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  running = false;
  const mbps = received / 1e6 / ((performance.now() - start) / 1000);
  socket.destroy();
  await new Promise<void>((r) => server.close(() => r()));
  return mbps;
}

async function debugLinkMBps(queue: Uint8Array): Promise<number> {
  const server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
  const { port } = await server.start();
  const client = new DebugLinkClient();
  let received = 0;
  client.on('messages', (messages) => {
    for (const m of messages) received += m.payload.length + 4;
  });
  if (!(await client.connect('127.0.0.1', port))) throw new Error('debug link bench: could not connect');
  // The robot produces queues continuously; the link coalesces them while the console has not acknowledged.
  let running = true;
  const produce = (): void => {
    if (!running) return;
    server.send(queue.slice(), true);
    setImmediate(produce);
  };
  const start = performance.now();
  produce();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  running = false;
  const mbps = received / 1e6 / ((performance.now() - start) / 1000);
  await client.close({ lingerMs: 100 });
  await server.stop();
  return mbps;
}

/** Runs the debug-link benchmark. */
export async function runDebugLinkBench(): Promise<BenchRow[]> {
  const queue = makeQueue();
  const raw = await rawPumpMBps(queue);
  const link = await debugLinkMBps(queue);
  return [
    {
      group: 'debug link',
      name: '1 MB queues, robot → console (handshake, framing, flow control)',
      value: link,
      unit: 'MB/s',
      baseline: { name: 'raw loopback socket pump', value: raw },
      goal: '≥ 0.8',
    },
  ];
}
