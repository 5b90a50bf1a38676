import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DebugLinkServer } from '@robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import { sleep, waitUntil } from '@robot-runtime/hosts/robot/debugLink/testSupport';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { decodeDebugRequest, type DebugRequest } from '@robot-runtime/protocol/messages/DebugRequest';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { DebugLinkError } from '@robot-runtime/hosts/node/debugLink/DebugLinkError';
import { DebugLinkClient, type DebugLinkClientOptions } from './DebugLinkClient';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function robot(numOfDataMessageIDs?: number) {
  const server = new DebugLinkServer({ host: '127.0.0.1', port: 0, numOfDataMessageIDs });
  const { port } = await server.start();
  cleanups.push(() => server.stop());
  const received: Message[][] = [];
  server.on('queue', ({ messages }) => received.push(messages));
  return { server, port, received };
}

function client(options: DebugLinkClientOptions = {}) {
  const c = new DebugLinkClient(options);
  cleanups.push(() => c.close({ lingerMs: 100 }));
  const messages: Message[][] = [];
  const errors: DebugLinkError[] = [];
  const states: string[] = [];
  c.on('messages', (m) => messages.push(m));
  c.on('error', (e) => errors.push(e));
  c.on('state', ({ state }) => states.push(state));
  return { client: c, messages, errors, states };
}

const text = (id: number, s: string) => serializeQueue([{ id, payload: new TextEncoder().encode(s) }]);
const patterned = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed) & 0xff);
/** Messages compared by id, length and hash (deep equality of megabytes is slow). */
const digests = (messages: Message[]) =>
  messages.map((m) => `${m.id}:${m.payload.length}:${createHash('sha256').update(m.payload).digest('hex')}`);
const decodeText = (m: Message) => new TextDecoder().decode(m.payload);
const requestsIn = (received: Message[][]): DebugRequest[] =>
  received
    .flat()
    .filter((m) => m.id === MessageID.idDebugRequest)
    .map((m) => decodeDebugRequest(m.payload));

describe('DebugLinkClient', () => {
  it('connects, handshakes and receives robot queues; the robot is paced by acknowledgements', async () => {
    const { server, port } = await robot();
    const { client: c, messages, states } = client();
    const handshakes: number[] = [];
    c.on('handshake', (h) => handshakes.push(h.remoteNumOfDataMessageIDs));
    expect(await c.connect('127.0.0.1', port)).toBe(true);
    expect(handshakes).toEqual([90]);
    expect(c.renumbering?.offset).toBe(0);
    expect(states).toEqual(['connecting', 'handshaking', 'ready']);

    for (let i = 0; i < 3; i++) {
      server.send(text(MessageID.idText, `frame ${i}`));
      await waitUntil(() => messages.length === i + 1);
    }
    expect(messages.flat().map(decodeText)).toEqual(['frame 0', 'frame 1', 'frame 2']);
    // handshake answer + 3 queues, each sent only after the client's heartbeat for the previous one
    expect(server.stats.packetsSent).toBe(4);
    await waitUntil(() => server.stats.heartbeatsReceived === 4);
    expect(c.stats.heartbeatsSent).toBe(4);
  });

  it('delivers megabyte queues intact: every message once, in order, with its bytes', async () => {
    const { server, port } = await robot();
    // Transfer only: no TypeInfo precedes the images here.
    const { client: c, messages } = client({ holdDataUntilTypeInfo: false });
    await c.connect('127.0.0.1', port);
    const sent: Message[] = [];
    for (let q = 0; q < 4; q++) {
      const queue = Array.from({ length: 8 }, (_, i) => ({
        id: MessageID.idCameraImage,
        payload: patterned(150_000 + 1000 * q + i, 8 * q + i),
      }));
      sent.push(...queue);
      server.send(serializeQueue(queue), true); // the first goes out at once, the others wait and are coalesced
    }
    await waitUntil(() => messages.flat().length >= sent.length);
    expect(digests(messages.flat())).toEqual(digests(sent));
  });

  it('sends debug requests and says disableAll when closing', async () => {
    const { server, port, received } = await robot();
    const { client: c } = client();
    await c.connect('127.0.0.1', port);
    expect(c.sendDebugRequest('representation:BallModel', true)).toBe(true);
    await waitUntil(() => received.length === 1);
    const disconnected = new Promise((resolve) => server.on('disconnect', resolve));
    await c.close({ lingerMs: 500 });
    await disconnected;
    expect(requestsIn(received)).toEqual([
      { name: 'representation:BallModel', enable: true },
      { name: 'disableAll', enable: true },
    ]);
    expect(c.state).toBe('disconnected');
  });

  it('renumbers infrastructure ids for a robot with a different data section', async () => {
    const { server, port, received } = await robot(85);
    // Without a TypeInfo naming the robot's ids, data ids match by position (see forkRobot.test.ts for names).
    const { client: c, messages } = client({ holdDataUntilTypeInfo: false });
    await c.connect('127.0.0.1', port);
    expect(c.renumbering?.offset).toBe(5);
    c.sendDebugRequest('poll', true);
    await waitUntil(() => received.length === 1);
    expect(received[0]!.map((m) => m.id)).toEqual([MessageID.idDebugRequest - 5]);
    server.send(text(MessageID.idText - 5, 'hello')); // the robot's idText
    server.send(text(MessageID.idBallModel, 'data')); // data ids match by position
    await waitUntil(() => messages.flat().length === 2);
    expect(
      messages
        .flat()
        .map((m) => m.id)
        .sort(),
    ).toEqual([MessageID.idBallModel, MessageID.idText].sort());
  });

  it('reconnects after a disconnect while the robot keeps running', async () => {
    const { server, port, received } = await robot();
    const { client: c, messages } = client();
    await c.connect('127.0.0.1', port);
    await c.close({ lingerMs: 200 });
    await waitUntil(() => !server.isConnected);
    expect(await c.connect('127.0.0.1', port)).toBe(true);
    server.send(text(MessageID.idText, 'again'));
    await waitUntil(() => messages.length === 1);
    expect(decodeText(messages[0]![0]!)).toBe('again');
    expect(requestsIn(received)).toEqual([{ name: 'disableAll', enable: true }]);
  });

  it('notices when the robot goes away and can connect to a new one', async () => {
    const first = await robot();
    const { client: c, states } = client();
    await c.connect('127.0.0.1', first.port);
    await first.server.stop();
    await waitUntil(() => c.state === 'disconnected');
    expect(states.at(-1)).toBe('disconnected');
    const second = await robot();
    expect(await c.connect('127.0.0.1', second.port)).toBe(true);
  });

  it('gives up after the connect timeout when nobody listens', async () => {
    const port = await unusedPort();
    const { client: c, errors } = client();
    const started = Date.now();
    expect(await c.connect('127.0.0.1', port, { timeoutMs: 200 })).toBe(false);
    // It kept retrying until the timeout (a lower bound holds on any machine; how late the last retry ends on a
    // loaded one is not this test's business, and a hang would hit the test's own timeout).
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(errors[0]!.message).toMatch(/No connection to 127\.0\.0\.1:\d+ established: .*ECONNREFUSED/);
    expect(c.state).toBe('disconnected');
  });

  it('retries until a robot that starts late is listening', async () => {
    const port = await unusedPort();
    const { client: c } = client();
    const connecting = c.connect('127.0.0.1', port, { timeoutMs: 1500, retryDelayMs: 20 });
    await sleep(150);
    const server = new DebugLinkServer({ host: '127.0.0.1', port });
    await server.start();
    cleanups.push(() => server.stop());
    expect(await connecting).toBe(true);
  });

  it('falls back to our numbering when the robot never answers the handshake', async () => {
    const silent = await silentServer();
    const { client: c, errors } = client({ handshakeTimeoutMs: 100 });
    expect(await c.connect('127.0.0.1', silent.port)).toBe(true);
    expect(errors.map((e) => e.kind)).toEqual(['handshake']);
    expect(c.renumbering?.isIdentity).toBe(true);
  });

  it('reports garbage from the robot as an error event and drops the connection', async () => {
    const silent = await silentServer((socket) => socket.write(Uint8Array.of(0xff, 0xff, 0xff, 0xff)));
    const { client: c, errors } = client({ handshakeTimeoutMs: 500 });
    expect(await c.connect('127.0.0.1', silent.port)).toBe(false);
    expect(errors[0]).toMatchObject({ kind: 'framing' });
    expect(c.state).toBe('disconnected');
  });
});

async function unusedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** A TCP server that accepts and never answers (optionally greets with raw bytes). */
async function silentServer(greet?: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    greet?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { server, port: (server.address() as AddressInfo).port };
}
