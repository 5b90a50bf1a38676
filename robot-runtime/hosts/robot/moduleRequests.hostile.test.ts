import { afterAll, describe, expect, it } from 'vitest';
import { decodeModuleTable, encodeDebugRequest, encodeModuleRequest } from '../../protocol/debugMessages';
import { parseQueue } from '../../protocol/messageQueue/parseQueue';
import { serializeQueue } from '../../protocol/messageQueue/serializeQueue';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '../../protocol/messages/debugLink/handshake';
import { encodePacket } from '../../protocol/messages/debugLink/packets';
import { RawPeer, waitUntil } from './debugLink/testSupport';
import { StandaloneRobot } from './StandaloneRobot';
import { liveWorkers } from './workers/spawnTsWorker';

/** The robot's worker threads still alive (the process's own count would include the test runner's workers). */
const threadCount = liveWorkers;

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
  it('restart the threads one set at a time: the thread count stays the same', async () => {
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
    await waitUntil(() => received(peer!, MessageID.idModuleTable).length === 1);
    const { configuration } = decodeModuleTable(received(peer, MessageID.idModuleTable)[0]!.payload);
    const threadsBefore = threadCount();
    expect(threadsBefore).toBeGreaterThan(0); // the robot's threads run in workers this module started

    const requests = Array.from({ length: 5 }, (_, i) => ({
      id: MessageID.idModuleRequest,
      payload: encodeModuleRequest({ timestamp: i + 1, configuration }),
    }));
    peer.write(encodePacket(serializeQueue(requests)));
    // Every request is answered (with the module table) once the threads run again.
    await waitUntil(() => received(peer!, MessageID.idModuleTable).length === 6, 60_000);
    // The replaced workers report their exit a little later; a leaked set would never exit.
    await waitUntil(() => threadCount() <= threadsBefore).catch(() => {});
    expect(threadCount()).toBe(threadsBefore);
  });
});
