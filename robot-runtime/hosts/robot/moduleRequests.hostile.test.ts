import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeModuleTable, encodeDebugRequest, encodeModuleRequest } from '../../protocol/debugMessages';
import { parseQueue } from '../../protocol/messageQueue/parseQueue';
import { serializeQueue } from '../../protocol/messageQueue/serializeQueue';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '../../protocol/messages/debugLink/handshake';
import { encodePacket } from '../../protocol/messages/debugLink/packets';
import { RawPeer, waitUntil } from './debugLink/testSupport';
import { StandaloneRobot } from './StandaloneRobot';

/** The process's thread count as the kernel reports it (worker threads included). */
function threadCount(): number {
  return Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]);
}

/** Every message with `id` in the packets a peer received. */
function received(peer: RawPeer, id: number) {
  return peer.packets.flatMap((p) => parseQueue(p).messages.filter((m) => m.id === id));
}

let robot: StandaloneRobot | undefined;
let peer: RawPeer | undefined;
afterAll(async () => {
  peer?.close();
  await robot?.stop();
});

describe('concurrent module requests (finding 3)', () => {
  it('restart the threads one set at a time: the thread count stays the same', { timeout: 90_000 }, async () => {
    robot = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', log: () => {} });
    peer = await RawPeer.open(robot.port);
    peer.answering = true;
    peer.write(handshakeRequestPacket());
    peer.write(
      encodePacket(
        serializeQueue([
          {
            id: MessageID.idDebugRequest,
            payload: encodeDebugRequest({ name: 'automated requests:ModuleTable', enable: true }),
          },
        ]),
      ),
    );
    await waitUntil(() => received(peer!, MessageID.idModuleTable).length === 1, 10_000);
    const { configuration } = decodeModuleTable(received(peer, MessageID.idModuleTable)[0]!.payload);
    const threadsBefore = threadCount();

    const requests = Array.from({ length: 5 }, (_, i) => ({
      id: MessageID.idModuleRequest,
      payload: encodeModuleRequest({ timestamp: i + 1, configuration }),
    }));
    peer.write(encodePacket(serializeQueue(requests)));
    // Every request is answered (with the module table) once the threads run again.
    await waitUntil(() => received(peer!, MessageID.idModuleTable).length === 6, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200)); // workers of a leaked set would still be starting
    expect(threadCount()).toBeLessThanOrEqual(threadsBefore + 2); // one leaked set is a thread per robot thread and more
  });
});
