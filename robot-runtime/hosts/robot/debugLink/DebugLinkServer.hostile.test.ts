import { afterEach, describe, expect, it } from 'vitest';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '@robot-runtime/protocol/messages/debugLink/handshake';
import {
  encodePacket,
  HEARTBEAT_PACKET,
  MAX_RECEIVE_PACKET_SIZE,
} from '@robot-runtime/protocol/messages/debugLink/packets';
import { encodeDebugRequest } from '@robot-runtime/protocol/debugMessages';
import { DebugLinkServer, MAX_CANDIDATE_BYTES, MAX_WAITING, type DebugLinkServerOptions } from './DebugLinkServer';
import { RawPeer, sleep, waitUntil } from './testSupport';

let server: DebugLinkServer | undefined;
const peers: RawPeer[] = [];

async function startServer(options: DebugLinkServerOptions = {}) {
  server = new DebugLinkServer({ host: '127.0.0.1', port: 0, ...options });
  const { port } = await server.start();
  const disconnects: string[] = [];
  server.on('disconnect', (d) => disconnects.push(d.reason));
  return { server, port, disconnects };
}

async function peer(port: number): Promise<RawPeer> {
  const p = await RawPeer.open(port);
  peers.push(p);
  return p;
}

afterEach(async () => {
  for (const p of peers.splice(0)) p.close();
  await server?.stop();
  server = undefined;
});

/** One packet asking for the type info `n` times, as the hostile client of finding 2 sent. */
function typeInfoRequests(n: number): Uint8Array {
  const request = {
    id: MessageID.idDebugRequest,
    payload: encodeDebugRequest({ name: 'automated requests:TypeInfo', enable: true }),
  };
  return encodePacket(serializeQueue(Array.from({ length: n }, () => request)));
}

describe('back-pressure on the debug link (finding 2)', () => {
  it('stops sending to a client that does not read, drops it, and frees what waited', async () => {
    const { server, port, disconnects } = await startServer({ readStallTimeoutMs: 300 });
    // Like the robot: every request is answered with a large message (1 MB stands for the type info).
    const answer = serializeQueue([{ id: MessageID.idTypeInfo, payload: new Uint8Array(1 << 20) }]);
    server.on('queue', ({ messages }) => {
      for (let i = 0; i < messages.length; i++) server.send(answer);
    });
    const hostile = await peer(port);
    hostile.socket.pause(); // never reads
    let maxUnsent = 0;
    const sampler = setInterval(() => (maxUnsent = Math.max(maxUnsent, server.unsentBytes)), 1);
    for (let i = 0; i < 200 && !hostile.closed; i++) {
      hostile.write(typeInfoRequests(8));
      await sleep(2);
    }
    await waitUntil(() => disconnects.length > 0);
    clearInterval(sampler);
    expect(disconnects).toEqual(['the console does not read what it is sent']);
    // One packet over the bound may be in the socket when the back-pressure starts (packets are at most 6 MB).
    expect(maxUnsent).toBeLessThanOrEqual(2 * 6_000_000);
    expect(server.unsentBytes).toBe(0);
    expect(server.pendingBytes).toBe(0);
  });
});

describe('a second client (finding 6)', () => {
  it('does not evict a console that answers, whether the newcomer speaks or stays half-open', async () => {
    const { server, port, disconnects } = await startServer({ takeoverProbeMs: 200, candidateTimeoutMs: 300 });
    const consoleLink = await peer(port);
    consoleLink.answering = true;
    consoleLink.write(handshakeRequestPacket());
    await waitUntil(() => consoleLink.packets.length === 1);

    const intruder = await peer(port);
    intruder.write(handshakeRequestPacket());
    await waitUntil(() => intruder.closed);
    const halfOpen = await peer(port); // connects, never says anything
    await waitUntil(() => halfOpen.closed);
    await sleep(250);
    expect(consoleLink.closed).toBe(false);
    expect(disconnects).toEqual([]);
    // The console still gets what the robot sends.
    const before = consoleLink.packets.length;
    server.send(serializeQueue([{ id: MessageID.idText, payload: new TextEncoder().encode('still yours') }]));
    consoleLink.write(HEARTBEAT_PACKET);
    await waitUntil(() => consoleLink.packets.length > before);
  });

  it('lets a console that answers in past a flood of silent and scripted clients holding a silent link', async () => {
    const { server, port, disconnects } = await startServer({ takeoverProbeMs: 200, candidateTimeoutMs: 5000 });
    const gone = await peer(port); // the link's holder vanished without closing
    await waitUntil(() => server.isConnected);
    // The flood of the soak: half-open clients and scripts that send their packets at once and never answer.
    const burst = Buffer.concat([handshakeRequestPacket(), HEARTBEAT_PACKET, HEARTBEAT_PACKET]);
    const large = typeInfoRequests(2000); // ~100 KB: still arriving when the probe goes out
    for (let i = 0; i < 12; i++) {
      const flood = await peer(port);
      if (i % 3 === 0) flood.write(burst);
      else if (i % 3 === 1) {
        flood.write(handshakeRequestPacket());
        flood.write(large);
      }
    }
    await sleep(50);
    const consoleLink = await peer(port);
    consoleLink.answering = true;
    consoleLink.write(handshakeRequestPacket());
    // Before, the one waiting place was taken and the console was refused until the flood thinned out by chance.
    await waitUntil(() => consoleLink.packets.some((p) => p.length > 12));
    expect(consoleLink.closed).toBe(false);
    expect(gone.closed).toBe(true);
    expect(disconnects[0]).toBe('did not answer while another client waited; replaced');
    // It holds the link: what the robot sends reaches it, and the scripted clients were turned away.
    server.send(serializeQueue([{ id: MessageID.idText, payload: new TextEncoder().encode('yours') }]));
    const before = consoleLink.packets.length;
    await waitUntil(() => consoleLink.packets.length > before);
    await sleep(300);
    expect(peers.filter((p) => p !== consoleLink && p !== gone && !p.closed).length).toBeLessThanOrEqual(8);
  });
});

describe('partial packets of many clients (issue 41, finding 7)', () => {
  it('holds one large partial packet for the console and at most 1 MiB for each waiting client', async () => {
    const { server, port } = await startServer({ candidateTimeoutMs: 20_000 });
    const partial = (): Buffer => {
      const bytes = Buffer.alloc(4 + 16 * 2 ** 20); // announces 64 MiB, sends 16 MiB of it and stops
      bytes.writeInt32LE(MAX_RECEIVE_PACKET_SIZE, 0);
      return bytes;
    };
    const consoleLink = await peer(port);
    await waitUntil(() => server.isConnected);
    consoleLink.write(partial());
    // Its buffer grows as the data arrives (12 MB at first, then doubled).
    await waitUntil(() => server.heldReceiveBytes >= 16 * 2 ** 20);
    const waiting: RawPeer[] = [];
    for (let i = 0; i < MAX_WAITING; i++) {
      const p = await peer(port);
      p.write(partial());
      waiting.push(p);
    }
    // Before, each waiting client had a buffer for its 16 MiB (of a 64 MiB packet): 207 MiB in all.
    await waitUntil(() => waiting.every((p) => p.closed)).catch(() => undefined);
    await sleep(100);
    const bound = MAX_RECEIVE_PACKET_SIZE + 64 * 1024 + MAX_WAITING * (2 * MAX_CANDIDATE_BYTES + 64 * 1024);
    expect(server.heldReceiveBytes).toBeGreaterThanOrEqual(16 * 2 ** 20); // the console's partial packet
    expect(server.heldReceiveBytes).toBeLessThanOrEqual(bound);
    expect(waiting.every((p) => p.closed)).toBe(true);
    consoleLink.close(); // what the client made the robot hold goes with it
    await waitUntil(() => !server.isConnected);
    expect(server.heldReceiveBytes).toBe(0);
  });
});
