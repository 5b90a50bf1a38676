import { afterEach, describe, expect, it } from 'vitest';
import { parseQueue } from '@robot-runtime/protocol/messageQueue/parseQueue';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '@robot-runtime/protocol/messages/debugLink/handshake';
import { HEARTBEAT_PACKET, encodePacket } from '@robot-runtime/protocol/messages/debugLink/packets';
import type { DebugLinkError } from '../../node/debugLink/DebugLinkError';
import { DebugLinkServer, type DebugLinkServerOptions } from './DebugLinkServer';
import { RawPeer, hex, sleep, waitUntil } from './testSupport';

let server: DebugLinkServer | undefined;
const peers: RawPeer[] = [];

async function startServer(options: DebugLinkServerOptions = {}) {
  server = new DebugLinkServer({ host: '127.0.0.1', port: 0, ...options });
  const { port } = await server.start();
  const errors: DebugLinkError[] = [];
  const disconnects: string[] = [];
  server.on('error', (e) => errors.push(e));
  server.on('disconnect', (d) => disconnects.push(d.reason));
  return { server, port, errors, disconnects };
}

async function peer(port: number): Promise<RawPeer> {
  const p = await RawPeer.open(port);
  peers.push(p);
  return p;
}

const text = (s: string) => serializeQueue([{ id: MessageID.idText, payload: new TextEncoder().encode(s) }]);

afterEach(async () => {
  for (const p of peers.splice(0)) p.close();
  await server?.stop();
  server = undefined;
});

describe('DebugLinkServer', () => {
  it('answers the handshake with numOfDataMessageIDs', async () => {
    const { server, port } = await startServer();
    const connected = new Promise((resolve) => server.on('connect', resolve));
    const p = await peer(port);
    await connected;
    expect(server.isConnected).toBe(true);
    p.write(handshakeRequestPacket());
    await waitUntil(() => p.packets.length === 1);
    // queue header (size 5, 0), then message id 0 with the 1-byte payload 90 (0x5A)
    expect(hex(p.packets[0]!)).toBe('05 00 00 00 00 00 00 00 00 01 00 00 5A');
  });

  it('sends only after hearing from the console, coalescing what waits', async () => {
    const { server, port } = await startServer();
    const p = await peer(port);
    await waitUntil(() => server.isConnected);
    server.send(text('a')); // nothing heard yet: must wait
    await sleep(30);
    expect(p.packets).toHaveLength(0);

    p.write(handshakeRequestPacket());
    await waitUntil(() => p.packets.length === 1);
    const first = parseQueue(p.packets[0]!).messages;
    expect(first.map((m) => m.id)).toEqual([0, MessageID.idText]); // the answer leads the waiting data

    server.send(text('b'));
    server.send(text('c'));
    await sleep(30);
    expect(p.packets).toHaveLength(1); // not twice without hearing back
    p.write(HEARTBEAT_PACKET);
    await waitUntil(() => p.packets.length === 2);
    expect(parseQueue(p.packets[1]!).messages.map((m) => new TextDecoder().decode(m.payload))).toEqual(['b', 'c']);
    expect(server.stats.heartbeatsReceived).toBe(1);
  });

  it('bounds what waits by dropping the oldest', async () => {
    const { server, port, errors } = await startServer({ maxPendingBytes: 12 });
    const p = await peer(port);
    await waitUntil(() => server.isConnected);
    for (const s of ['1', '2', '3']) server.send(text(s)); // 5 bytes each: only two fit
    expect(server.droppedQueues).toBe(1);
    expect(server.send(text('0123456789'))).toBe(false); // larger than the whole bound
    expect(errors.map((e) => e.kind)).toEqual(['outgoing', 'outgoing']);
    p.write(HEARTBEAT_PACKET);
    await waitUntil(() => p.packets.length === 1);
    expect(parseQueue(p.packets[0]!).messages.map((m) => new TextDecoder().decode(m.payload))).toEqual(['2', '3']);
  });

  it('delivers console queues and keeps the connection after a malformed one', async () => {
    const { server, port, errors } = await startServer();
    const received: number[][] = [];
    server.on('queue', ({ messages }) => received.push(messages.map((m) => m.id)));
    const p = await peer(port);
    p.write(encodePacket(Uint8Array.of(0x20, 0, 0, 0, 0, 0, 0, 0, 1, 2))); // truncated queue in a good packet
    p.write(encodePacket(serializeQueue([{ id: MessageID.idDebugRequest, payload: Uint8Array.of(0, 0, 0, 0, 1) }])));
    await waitUntil(() => received.length === 1);
    expect(received).toEqual([[MessageID.idDebugRequest]]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'malformedQueue' });
    expect(errors[0]!.message).toMatch(/packet dropped: truncated/);
    expect(server.isConnected).toBe(true);
  });

  for (const [name, bytes] of [
    ['random bytes', Uint8Array.of(0xde, 0xad, 0xbe, 0xef, 0x13, 0x37, 0x42)],
    ['an oversized length', Uint8Array.of(0xff, 0xff, 0xff, 0x7f, 1, 2, 3)],
  ] as const) {
    it(`closes a connection that sends ${name} and accepts the next console`, async () => {
      const { server, port, errors, disconnects } = await startServer();
      const bad = await peer(port);
      bad.write(bytes);
      await waitUntil(() => bad.closed);
      expect(errors[0]).toMatchObject({ kind: 'framing', offset: 0 });
      expect(disconnects).toEqual(['framing error']);
      const good = await peer(port);
      good.write(handshakeRequestPacket());
      await waitUntil(() => good.packets.length === 1);
      expect(server.isConnected).toBe(true);
    });
  }

  it('lets a second client take over only from a console that does not answer, and forgets what waited', async () => {
    const { server, port, disconnects } = await startServer({ takeoverProbeMs: 100 });
    const first = await peer(port); // connects and then says nothing: gone without closing
    await waitUntil(() => server.isConnected);
    server.send(text('for the first console'));
    const second = await peer(port);
    await sleep(30);
    expect(first.closed).toBe(false); // connecting alone evicts nobody
    second.write(HEARTBEAT_PACKET);
    await waitUntil(() => first.closed);
    expect(disconnects).toEqual(['did not answer while another client waited; replaced']);
    await sleep(30);
    // It got only the robot's probe (an empty queue): what waited for the first console is gone.
    expect(second.packets.map((p) => p.every((b) => b === 0))).toEqual([true]);
    expect(server.isConnected).toBe(true);
    expect(server.send(text('x'))).toBe(true);
    await waitUntil(() => second.packets.length === 2);
  });

  it('survives listeners that throw', async () => {
    const { server, port, errors } = await startServer();
    server.on('connect', () => {
      throw new Error('listener bug');
    });
    await peer(port);
    await waitUntil(() => errors.length === 1);
    expect(errors[0]).toMatchObject({ kind: 'listener' });
    expect(server.isConnected).toBe(true);
  });
});
