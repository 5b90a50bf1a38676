import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Reassembler } from '@robot-runtime/core/communication/Reassembler';
import { defaultGameControlData, encodeGameControlData } from '@robot-runtime/protocol/gameController/gameControlData';
import { decodeReturnData } from '@robot-runtime/protocol/gameController/returnData';
import { STANDARD_MESSAGE_PROTO } from '@robot-runtime/protocol/standardMessage/schema';
import { TeamMessageCodec } from '@robot-runtime/protocol/teamMessage/TeamMessageCodec';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { handMadeHslPacket, handMadeSplPacket } from '@robot-runtime/protocol/gameController/handMadePackets';
import type { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { CognitionNetworkHost } from './CognitionNetworkHost';
import { GameControllerLink } from './GameControllerLink';
import { RobotNetwork } from './RobotNetwork';
import { MonitorSender } from './MonitorChannel';
import { TeamCommunication } from './TeamCommunication';
import { teamContentCodec, teamMessageEnums } from './teamMessageDefinition';
import { UdpEndpoint } from '../../node/UdpEndpoint';

const repo = path.resolve(import.meta.dirname, '../../../..');
const definition = fs.readFileSync(path.join(repo, 'config/Scenarios/Default/teamMessage.def'), 'utf8');
const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()));
});

const next = <T extends unknown[]>(
  emitter: { once(e: string, f: (...a: T) => void): unknown },
  event: string,
): Promise<T> => new Promise((resolve) => emitter.once(event, (...a: T) => resolve(a)));

describe("this runtime's teamMessage.def", () => {
  it('compiles, fits a packet, and round-trips random messages within quantization', () => {
    const codec = TeamMessageCodec.fromDefinition(definition, { root: 'TeamMessage', enums: teamMessageEnums() });
    expect(codec.maxPayloadBytes).toBeLessThanOrEqual(120);
    const random = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const m = codec.sample(random, 0);
      const back = codec.decodePayload(codec.encodePayload(m, 0), 0);
      const why = codec.mismatch(m, back, 0);
      if (why) throw new Error(why);
    }
  });

  it("serves TeamMessageHandler's codec seam, smaller than the simple codec", () => {
    const codec = teamContentCodec(definition);
    const content = {
      pose: { rotation: 1, translation: { x: -1500, y: 700 } },
      poseValid: true,
      isUpright: true,
      isPenalized: false,
      ballPosition: { x: 100, y: -200 },
      ballVelocity: { x: 0, y: 0 },
      ballAge: 480,
      role: 2,
      timeToReachBall: 3000,
    };
    const payload = codec.encode(content);
    expect(payload.length).toBeLessThan(20);
    const back = codec.decode(payload)!;
    expect(back.role).toBe(2);
    expect(back.ballAge).toBeCloseTo(480, -1.5);
    expect(back.pose.translation.x).toBeCloseTo(-1500, -1);
    expect(codec.decode(new Uint8Array(2))).toBeUndefined();
    expect(codec.decode(codec.encode({ ...content, ballAge: undefined }))!.ballAge).toBeUndefined();
  });

  it('keeps standardMessage.proto equal to the schema the runtime parses (`npm run proto` writes it)', () => {
    expect(
      fs.readFileSync(path.join(repo, 'docs/standardMessage.proto'), 'utf8'),
      'standardMessage.proto differs from schema.ts: run npm run proto',
    ).toBe(STANDARD_MESSAGE_PROTO);
  });
});

describe('UDP on loopback', () => {
  it('exchanges team messages between two robots and drops its own and oversized packets', async () => {
    // Unicast to 127.0.0.1 stands in for the broadcast of the production path.
    const a = await TeamCommunication.open({
      teamNumber: 5,
      port: 0,
      bindAddress: '127.0.0.1',
      destination: '127.0.0.1',
    });
    closers.push(a);
    const b = await TeamCommunication.open({
      teamNumber: 5,
      port: 0,
      bindAddress: '127.0.0.1',
      destination: '127.0.0.1',
      destinationPort: a.port,
    });
    closers.push(b);
    const codec = TeamMessageCodec.fromDefinition(definition, { root: 'TeamMessage', enums: teamMessageEnums() });
    const message = codec.sample(seededRandom(2), 0);
    const packet = codec.encodePacket(
      {
        playerNumber: 2,
        timestamp: 1000,
        referenceGameControllerPacketNumber: 0,
        referenceGameControllerPacketTimestampOffset: 0xffff,
      },
      message,
      0,
    );
    const received = next<[Uint8Array, { port: number }, number]>(a, 'packet');
    expect(b.send(packet)).toBe(true);
    const [bytes, from] = await received;
    expect(from.port).toBe(b.port);
    expect(codec.mismatch(message, codec.decodePacket(bytes, 0, 1000).message, 1000)).toBeUndefined();
    expect(b.send(new Uint8Array(129))).toBe(false);
    expect(b.counts).toMatchObject({ sent: 1, oversized: 1 });
  });

  it('accepts GameController packets for its team only, counts the rest, and answers with return packets', async () => {
    const gc = await UdpEndpoint.open({ port: 0, address: '127.0.0.1' });
    closers.push(gc);
    const link = await GameControllerLink.open({
      teamNumber: 5,
      playerNumber: 3,
      port: 0,
      bindAddress: '127.0.0.1',
      returnPort: gc.port,
      status: () => ({ fallen: 0, pose: [100, 200, 0.5], ballAge: 2, ball: [300, 0] }),
    });
    closers.push(link);
    const data = defaultGameControlData(5, 8);
    data.packetNumber = 9;
    const accepted = next<[{ packetNumber: number }]>(link, 'data');
    const wrongTeam = encodeGameControlData({ ...defaultGameControlData(6, 8) });
    const wrongVersion = encodeGameControlData(data);
    wrongVersion[4] = 17;
    gc.send(wrongTeam, link.port, '127.0.0.1');
    gc.send(wrongVersion, link.port, '127.0.0.1');
    gc.send(encodeGameControlData(data).subarray(0, 100), link.port, '127.0.0.1');
    gc.send(encodeGameControlData(data), link.port, '127.0.0.1');
    expect((await accepted)[0].packetNumber).toBe(9);
    expect(link.counter.rejected).toEqual({ size: 1, header: 0, version: 1, team: 1 });
    const returned = next<[Uint8Array]>(gc, 'packet');
    link.sendReturn();
    expect(decodeReturnData((await returned)[0])).toMatchObject({
      playerNum: 3,
      teamNum: 5,
      pose: [100, 200, 0.5],
      ball: [300, 0],
    });
  });

  it("the robot's network takes SPL and HSL packets from one sender, refuses and counts the rest, tells Cognition", async () => {
    const gc = await UdpEndpoint.open({ port: 0, address: '127.0.0.1' });
    closers.push(gc);
    const network = await RobotNetwork.open(
      {
        teamNumber: 12,
        playerNumber: 3,
        bindAddress: '127.0.0.1',
        teamDestination: '127.0.0.1',
        teamPort: 0,
        gameControllerPort: 0,
        returnPort: gc.port,
      },
      () => performance.now(),
    );
    closers.push(network);
    // Cognition's side of the shared memory, as the worker thread builds it.
    const cognition = new CognitionNetworkHost(network.shared.buffer, {
      teamNumber: 12,
      playerNumber: 3,
      magicNumber: 0,
    });
    const nothing = { get: () => undefined };
    const injectedGc = () =>
      cognition.frame(performance.now(), nothing, nothing).get('GameControllerData') as
        Partial<GameControllerData> | undefined;
    const port = network.gameController.port;
    const hsl = handMadeHslPacket();
    const spl = handMadeSplPacket();
    const foreign = hsl.slice();
    foreign.set([0x52, 0x47, 0x54, 0x44]); // a monitor's copy ("RGTD") is not for robots
    const otherTeams = spl.slice();
    otherTeams[18] = 77;
    otherTeams[68] = 78;
    const refused = [hsl.subarray(0, 150), new Uint8Array([...spl, 0, 0]), foreign, otherTeams];
    for (const bytes of refused) gc.send(bytes, port, '127.0.0.1');
    const rejectedSeen = next<[number]>(network.gameController, 'rejected');
    expect((await rejectedSeen)[0]).toBeGreaterThanOrEqual(1);
    while (network.gameController.counter.rejectedTotal < refused.length) await new Promise((r) => setTimeout(r, 5));
    // Before any packet is accepted, Cognition already sees the count (a field of GameControllerData).
    expect(injectedGc()).toEqual({ packetsRejected: 4 });

    let accepted = next<unknown[]>(network.gameController, 'data');
    gc.send(hsl, port, '127.0.0.1');
    expect((await accepted)[4]).toBe('hsl');
    const fromHsl = injectedGc()!;
    expect(fromHsl).toMatchObject({ protocol: 1, packetNumber: 42, stopped: true, packetsRejected: 4 });
    expect(fromHsl.teams![0]!.players[2]).toEqual({ penalty: 9, secsTillUnpenalised: 30, warnings: 1, cautions: 1 });

    accepted = next<unknown[]>(network.gameController, 'data');
    gc.send(spl, port, '127.0.0.1');
    expect((await accepted)[4]).toBe('spl');
    expect(injectedGc()).toMatchObject({ protocol: 0, packetNumber: 7, state: 2, stopped: false });
    expect(network.gameController.counter.acceptedBy).toEqual({ spl: 1, hsl: 1 });
    expect(network.gameController.counter.rejected).toEqual({ size: 2, header: 1, version: 0, team: 1 });

    // Both leagues' GameControllers get the same return packet at the sender's address.
    const returned = next<[Uint8Array]>(gc, 'packet');
    network.gameController.sendReturn();
    const answer = (await returned)[0];
    expect(answer.length).toBe(32);
    expect(decodeReturnData(answer)).toMatchObject({ playerNum: 3, teamNum: 12 });
  });

  it('multicast monitor channel: a lost fragment is recovered through a NACK', async () => {
    const ide = await UdpEndpoint.open({ port: 0, address: '127.0.0.1' });
    closers.push(ide);
    const robot = await MonitorSender.open({
      destination: '127.0.0.1',
      destinationPort: ide.port,
      bindAddress: '127.0.0.1',
      maxPacketSize: 500,
    });
    closers.push(robot);
    const reassembler = new Reassembler({ nackDelayMs: 0 });
    const message = new Uint8Array(3000).map((_, i) => i & 0xff);
    let dropped = false;
    const complete = new Promise<Uint8Array>((resolve) =>
      ide.on('packet', (bytes, from) => {
        // Lose the third fragment once, as WiFi would.
        if (!dropped && bytes[6] === 2) {
          dropped = true;
          setTimeout(
            () => reassembler.nacks(performance.now()).forEach((n) => ide.send(n, from.port, '127.0.0.1')),
            20,
          );
          return;
        }
        const done = reassembler.receive(bytes, performance.now());
        if (done) resolve(done);
      }),
    );
    robot.send(message);
    expect(await complete).toEqual(message);
    expect(robot.counts.resent).toBe(1);
  });
});

describe('standard message at the socket', () => {
  it('translates B-Human packets to standard messages and back', async () => {
    const { toStandardMessage, fromStandardMessage } = await import('./standardTranscoder');
    const { decodeStandardMessage } = await import('@robot-runtime/protocol/standardMessage/StandardMessageCodec');
    const { encodeBHumanPacket, decodeBHumanPacket } = await import('@robot-runtime/protocol/teamMessage/bhumanHeader');
    const codec = teamContentCodec(definition);
    const content = {
      pose: { rotation: Math.PI / 2, translation: { x: 1000, y: 0 } },
      poseValid: true,
      isUpright: false,
      isPenalized: true,
      ballPosition: { x: 1000, y: 500 },
      ballVelocity: { x: 0, y: 100 },
      ballAge: 250,
      role: 3,
      timeToReachBall: 2500,
    };
    const packet = encodeBHumanPacket(
      {
        playerNumber: 4,
        timestamp: 777,
        referenceGameControllerPacketNumber: 0,
        referenceGameControllerPacketTimestampOffset: 0xffff,
      },
      codec.encode(content),
      9,
    );
    const standard = toStandardMessage(packet, codec, 5, 9)!;
    const m = decodeStandardMessage(standard);
    expect(m).toMatchObject({ teamId: 5, playerId: 4, timestamp: 777, state: 'STATE_PENALISED' });
    expect(m.ball.position.x).toBeCloseTo(500, -1); // ahead of a robot facing +y
    const back = decodeBHumanPacket(fromStandardMessage(standard, codec, 9)!, 9);
    expect(back.header.playerNumber).toBe(4);
    const c = codec.decode(back.payload)!;
    expect(c).toMatchObject({ role: 3, isUpright: false, isPenalized: true, poseValid: true });
    expect(c.ballPosition.y).toBeCloseTo(500, -1);
    expect(fromStandardMessage(new Uint8Array([0xff, 0xff]), codec, 9)).toBeUndefined();
    expect(toStandardMessage(new Uint8Array(3), codec, 5, 9)).toBeUndefined();
  });
});
