/**
 * A robot of a team fork on the real debug link (TCP on loopback): the fork added one data id before
 * idBallModel, so its data section has 91 ids and everything from idBallModel on is numbered one higher. Its
 * first packet carries leftovers of an earlier console's requests before the handshake answer, as B-Human's
 * robot sends them. The bytes are written here by hand in the robot's numbering.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writePacket } from '@robot-runtime/hosts/node/debugLink/writePacket';
import { encode, OutBinary } from '@robot-runtime/protocol/binary';
import { splitFrames } from '@robot-runtime/protocol/messageQueue/frames';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { parseExactQueue } from '@robot-runtime/protocol/messageQueue/parseQueue';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { handshakeReplyMessage } from '@robot-runtime/protocol/messages/debugLink/handshake';
import { MESSAGE_ID_ENUM, MessageID, messageIdNames } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { DebugLinkConnection } from '../console/connections/DebugLinkConnection';
import { RobotConsole } from '../console/RobotConsole';
import { DebugLinkClient } from './DebugLinkClient';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The fork's id names: ours with `idTeamSpecial` inserted before idBallModel. */
const forkNames = [
  ...messageIdNames.slice(0, MessageID.idBallModel),
  'idTeamSpecial',
  ...messageIdNames.slice(MessageID.idBallModel),
];
const forkId = (name: string): number => forkNames.indexOf(name);
const FORK_DATA_IDS = forkId('idConsole');

function stopwatch(frame: number): Uint8Array {
  const out = new OutBinary();
  out.uint16(3);
  for (let i = 0; i < 3; i++) {
    out.uint16(0);
    out.string('');
  }
  out.uint16(0);
  out.uint32(1000);
  out.uint32(frame);
  return out.toBytes();
}

function threadName(name: string): Uint8Array {
  const out = new OutBinary();
  out.string(name);
  return out.toBytes();
}

const ball = { ...BallModel.defaultValue(), seenPercentage: 77, timeWhenLastSeen: 4321 };
const frameInfo = { ...FrameInfo.defaultValue(), time: 98765 };

/** A Cognition frame in the fork's numbering: BallModel, FrameInfo and the fork's own message. */
function forkFrame(): Message[] {
  return [
    { id: forkId('idFrameBegin'), payload: threadName('Cognition') },
    { id: forkId('idBallModel'), payload: encode(BallModel, ball) },
    { id: forkId('idFrameInfo'), payload: encode(FrameInfo, frameInfo) },
    { id: forkId('idTeamSpecial'), payload: Uint8Array.of(1, 2, 3) },
    { id: forkId('idFrameFinished'), payload: threadName('Cognition') },
  ];
}

/** The fork robot: answers the handshake after leftovers, and its TypeInfo and a frame after the first request. */
async function forkRobot(): Promise<number> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    let packets = 0;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4 && buffered.length >= 4 + buffered.readInt32LE(0)) {
        const size = buffered.readInt32LE(0);
        const queue = buffered.subarray(4, 4 + size);
        buffered = buffered.subarray(4 + size);
        if (size === 0) continue; // heartbeat
        packets++;
        if (packets === 1) {
          // Leftovers of the previous console (a BallModel, a stopwatch of an old frame) before the answer.
          const leftovers: Message[] = [
            ...forkFrame(),
            { id: forkId('idStopwatch'), payload: stopwatch(70_000) },
            { id: forkId('idBallModel'), payload: encode(BallModel, ball) },
          ];
          writePacket(socket, serializeQueue([...leftovers, handshakeReplyMessage(FORK_DATA_IDS)]));
        } else if (packets === 2 && parseExactQueue(queue).messages.length > 0) {
          const info = typeInfoFromTypes([BallModel, FrameInfo]);
          info.enums.set(MESSAGE_ID_ENUM, forkNames);
          const typeInfo: Message = { id: forkId('idTypeInfo'), payload: typeInfoToBytes(info) };
          writePacket(socket, serializeQueue([typeInfo, ...forkFrame()]));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

describe('a team fork robot on the debug link', () => {
  it("drops data before the TypeInfo quietly, then maps the fork's data ids by name", async () => {
    const port = await forkRobot();
    const client = new DebugLinkClient();
    cleanups.push(() => client.close({ lingerMs: 100 }));
    const received: Message[] = [];
    client.on('messages', (m) => received.push(...m.map((x) => ({ id: x.id, payload: x.payload.slice() }))));
    const connection = new DebugLinkConnection(client);
    const console = new RobotConsole('fork', connection, { pollTimeoutMs: 60_000 });
    const output: string[] = [];
    const shown: { name: string; text: string }[] = [];
    console.on('output', (line) => output.push(line));
    console.on('representation', (r) => shown.push(r));

    expect(await client.connect('127.0.0.1', port)).toBe(true);
    expect(client.renumbering?.offset).toBe(-1);
    // Polls until two representations were shown (a count, not a time; the limit only ends a hung run).
    await vi.waitFor(
      () => {
        console.update();
        expect(shown.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 120_000, interval: 10 },
    );

    // The leftovers (a whole frame's data, a stopwatch, a BallModel) never reached the console.
    expect(client.stats.messagesBeforeTypeInfo).toBe(5);
    expect(output.filter((line) => /error|cannot/i.test(line))).toEqual([]);
    // After the TypeInfo: BallModel is BallModel and FrameInfo is FrameInfo, the fork's own id has no counterpart.
    // (The leftover frame's markers pass; its data does not.)
    const { frames } = splitFrames(received.filter((m) => m.id !== MessageID.idTypeInfo));
    expect(frames.map((f) => f.messages.map((m) => m.id))).toEqual([
      [],
      [MessageID.idBallModel, MessageID.idFrameInfo],
    ]);
    expect(client.stats.messagesDroppedIncoming).toBe(1);
    expect(shown.map((s) => s.name)).toEqual(['BallModel', 'FrameInfo']);
    expect(shown[0]!.text).toContain('seenPercentage = 77;');
    expect(shown[1]!.text).toContain('time = 98765;');
    // Sending works in the fork's numbering too: infrastructure shifted by one.
    expect(client.renumbering?.toRemote(MessageID.idBallModel)).toBe(forkId('idBallModel'));
    expect(client.renumbering?.toRemote(MessageID.idDebugRequest)).toBe(forkId('idDebugRequest'));
  });
});
