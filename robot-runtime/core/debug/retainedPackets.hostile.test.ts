/**
 * @file Issue 41, findings 2 and 7 (the hub's and the threads' share): what a client's debug requests and data
 * changes make the robot hold, counted in the bytes the data structures keep alive.
 */
import { describe, expect, it } from 'vitest';
import { decodeTextMessage, encodeDebugDataChangeRequest, encodeDebugRequest } from '../../protocol/debugMessages';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { DebugHub, MAX_DATA_CHANGE_BYTES, MAX_REMEMBERED_REQUESTS } from './DebugHub';
import { MAX_REQUEST_NAME_LENGTH } from './DebugRequestTable';
import { dataChange, makeDebugger, request } from './testHelpers';

const THREADS = ['Upper', 'Lower', 'Cognition', 'Motion', 'Audio'];

function makeHub() {
  const delivered = new Map<string, Message[]>();
  const sent: Message[] = [];
  const hub = new DebugHub({
    threads: () => THREADS,
    deliver: (t, m) => void delivered.set(t, [...(delivered.get(t) ?? []), ...m]),
    typeInfo: () => new Uint8Array(0),
    modules: [],
    configuration: () => ({ defaultRepresentations: [], threads: [] }),
    reconfigure: () => [],
    robotName: { headName: 'H', bodyName: 'B', location: 'Default', scenario: 'Default', playerNumber: 1 },
    send: (m) => sent.push(...m),
  });
  const texts = () => sent.filter((m) => m.id === MessageID.idText).map((m) => decodeTextMessage(m.payload));
  return { hub, delivered, texts };
}

/** A receive packet of `packetBytes` whose only message is `payload` at its start (a view, as the link delivers). */
function inPacket(id: number, payload: Uint8Array, packetBytes: number): Message {
  const packet = new Uint8Array(Math.max(packetBytes, payload.length));
  packet.set(payload);
  return { id, payload: packet.subarray(0, payload.length) };
}

describe('what the debug hub keeps of a packet (finding 2)', () => {
  it('copies a remembered request out of its packet, so the packet is not kept alive', () => {
    const { hub } = makeHub();
    const packetBytes = 1 << 20; // stands for the 48 MiB packets of the finding
    for (let i = 0; i < 30; i++)
      hub.receive([
        inPacket(MessageID.idDebugRequest, encodeDebugRequest({ name: `r${i}`, enable: true }), packetBytes),
      ]);
    expect(hub.rememberedRequests).toBe(30);
    // Before: 30 whole packets (30 MiB) stayed alive for 30 names of a few bytes.
    expect(hub.rememberedBytes).toBeLessThan(30 * 16);
  });
});

describe('what a client makes the robot hold (finding 7)', () => {
  it('refuses 4,800 requests with 10 KiB names in the hub and in every thread', () => {
    const { hub, delivered, texts } = makeHub();
    const long = (i: number) => `${i}:`.padEnd(10 * 1024, 'x');
    for (let i = 0; i < 4800; i += 100) hub.receive(Array.from({ length: 100 }, (_, j) => request(long(i + j))));
    expect(hub.rememberedRequests).toBe(0);
    expect(delivered.size).toBe(0); // nothing went on to the threads (each would have held 40 MiB of names)
    expect(texts()).toHaveLength(4800);
    expect(texts()[0]).toBe(`Debug: refused a debug request whose name has ${10 * 1024} characters`);

    const { debug } = makeDebugger();
    for (let i = 0; i < 4800; i++) debug.handle(request(long(i)));
    debug.handle(dataChange(long(0), new Uint8Array(4)));
    expect(debug.requests.activeCount).toBe(0);
    expect(debug.heldOverrides.count).toBe(0);
  });

  it('keeps the remembered requests within their stated bytes at the longest allowed names', () => {
    const { hub } = makeHub();
    const name = (i: number) => `${i}:`.padEnd(MAX_REQUEST_NAME_LENGTH, '\u00e9'); // two UTF-8 bytes each
    for (let i = 0; i < MAX_REMEMBERED_REQUESTS + 100; i += 64)
      hub.receive(
        Array.from({ length: 64 }, (_, j) => inPacket(MessageID.idDebugRequest, request(name(i + j)).payload, 8192)),
      );
    expect(hub.rememberedRequests).toBe(MAX_REMEMBERED_REQUESTS);
    expect(hub.rememberedBytes).toBeLessThanOrEqual(MAX_REMEMBERED_REQUESTS * (3 * MAX_REQUEST_NAME_LENGTH + 9));
    hub.forgetConsole(); // the client disconnects: all of it is freed
    expect(hub.rememberedBytes).toBe(0);
  });

  it('switches the threads off when the console leaves, even if their inboxes are full', () => {
    const urgentCalls: boolean[] = [];
    const hub = new DebugHub({
      threads: () => THREADS,
      deliver: (_t, _m, urgent) => (urgentCalls.push(urgent === true), urgent === true), // full unless urgent
      typeInfo: () => new Uint8Array(0),
      modules: [],
      configuration: () => ({ defaultRepresentations: [], threads: [] }),
      reconfigure: () => [],
      robotName: { headName: 'H', bodyName: 'B', location: 'Default', scenario: 'Default', playerNumber: 1 },
      send: () => {},
    });
    hub.forgetConsole();
    expect(urgentCalls).toEqual(THREADS.map(() => true));
  });

  it('does not copy a data change larger than any thread holds to every thread', () => {
    const { hub, delivered, texts } = makeHub();
    const data = new Uint8Array(MAX_DATA_CHANGE_BYTES + 1);
    hub.receive([
      { id: MessageID.idDebugDataChangeRequest, payload: encodeDebugDataChangeRequest({ name: 'x', data }) },
    ]);
    // Before: one copy per thread (5 × 16 MiB) went on its way to the workers. (On the debug link a message holds
    // less than 16 MiB; the finding's 48 MiB were three of them, which the threads' inbox bound refuses.)
    expect(delivered.size).toBe(0);
    expect(texts()[0]).toMatch(/^Debug: refused debug data of \d+ bytes \(at most \d+\)$/);
    // One that a thread may hold still goes to every thread.
    hub.receive([dataChange('x', new Uint8Array(1024))]);
    expect([...delivered.keys()]).toEqual(THREADS);
  });
});
