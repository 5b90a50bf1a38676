/**
 * @file Issue 41, finding 7 on a whole standalone robot (worker threads, the debug link on loopback): the attacks
 * that took it past its 640 MB ceiling, counted in the bytes its data structures hold for the clients, and freed
 * when the clients leave.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { encodeDebugDataChangeRequest, encodeDebugRequest } from '@robot-runtime/protocol/debugMessages';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '@robot-runtime/protocol/messages/debugLink/handshake';
import { encodePacket, MAX_RECEIVE_PACKET_SIZE } from '@robot-runtime/protocol/messages/debugLink/packets';
import { MAX_REMEMBERED_REQUESTS } from '@robot-runtime/core/debug/DebugHub';
import { MAX_REQUEST_NAME_LENGTH } from '@robot-runtime/core/debug/DebugRequestTable';
import { MAX_CANDIDATE_BYTES, MAX_WAITING } from './debugLink/DebugLinkServer';
import { RawPeer, sleep, waitUntil } from './debugLink/testSupport';
import { MAX_INBOX_BYTES } from './workers/WorkerExecutor';
import { StandaloneRobot } from './StandaloneRobot';

let robot: StandaloneRobot | undefined;
const peers: RawPeer[] = [];
afterAll(async () => {
  for (const p of peers) p.close();
  await robot?.stop();
});

const MiB = 2 ** 20;

describe('what debug clients make a standalone robot hold (finding 7)', () => {
  it('stays within the stated bounds under the attacks and frees it all when they leave', async () => {
    robot = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', log: () => {} });
    const threads = robot.threads.length;
    const bounds = {
      receiveBuffers: MAX_RECEIVE_PACKET_SIZE + 64 * 1024 + MAX_WAITING * (2 * MAX_CANDIDATE_BYTES + 64 * 1024),
      rememberedRequests: MAX_REMEMBERED_REQUESTS * (3 * MAX_REQUEST_NAME_LENGTH + 9),
      threadInboxes: threads * MAX_INBOX_BYTES,
    };
    const most = { receiveBuffers: 0, rememberedRequests: 0, threadInboxes: 0 };
    const sample = () => {
      const now = robot!.debugClientBytes;
      for (const k of Object.keys(most) as (keyof typeof most)[]) most[k] = Math.max(most[k], now[k]);
    };
    const sampler = setInterval(sample, 1);
    try {
      const consoleLink = await RawPeer.open(robot.port);
      peers.push(consoleLink);
      consoleLink.answering = true;
      consoleLink.write(handshakeRequestPacket());
      await waitUntil(() => consoleLink.packets.length > 0);
      // 48 MiB of data changes (a message holds less than 16 MiB), to every thread, five times.
      const changes = [0, 1, 2].map((i) => ({
        id: MessageID.idDebugDataChangeRequest,
        payload: encodeDebugDataChangeRequest({ name: `junk:${i}`, data: new Uint8Array(16 * MiB - 64) }),
      }));
      const changePacket = encodePacket(serializeQueue(changes));
      for (let i = 0; i < 5; i++) consoleLink.write(changePacket);
      // 4,800 debug requests with 10 KiB names, then as many at the longest allowed length.
      const named = (length: number) =>
        encodePacket(
          serializeQueue(
            Array.from({ length: 4800 }, (_, i) => ({
              id: MessageID.idDebugRequest,
              payload: encodeDebugRequest({ name: `${i}:`.padEnd(length, 'x'), enable: true }),
            })),
          ),
        );
      consoleLink.write(named(10 * 1024));
      consoleLink.write(named(MAX_REQUEST_NAME_LENGTH));
      // Eight more clients, each announcing a 64 MiB packet and sending 16 MiB of it.
      const partial = Buffer.alloc(4 + 16 * MiB);
      partial.writeInt32LE(MAX_RECEIVE_PACKET_SIZE, 0);
      for (let i = 0; i < MAX_WAITING; i++) {
        const p = await RawPeer.open(robot.port);
        peers.push(p);
        p.write(partial);
      }
      // The console's last packet was handled once the hub remembers its requests.
      await waitUntil(() => robot!.debugClientBytes.rememberedRequests > 0);
      await sleep(500);
      sample();
      for (const k of Object.keys(bounds) as (keyof typeof bounds)[]) expect(most[k], k).toBeLessThanOrEqual(bounds[k]);
      expect(most.rememberedRequests).toBeGreaterThan(0);

      for (const p of peers) p.close();
      await waitUntil(() => {
        const now = robot!.debugClientBytes;
        return now.receiveBuffers === 0 && now.rememberedRequests === 0 && now.threadInboxes === 0;
      });
    } finally {
      clearInterval(sampler);
    }
  });
});
