import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { TeamMessageHandler } from '@robot-runtime/modules/Communication/TeamMessageHandler/TeamMessageHandler';
import { simpleTeamMessageCodec } from '@robot-runtime/modules/Communication/TeamMessageHandler/simpleTeamMessageCodec';
import { packTeamMessage } from '@robot-runtime/modules/Communication/TeamMessageHandler/teamMessageHeader';
import { TeamData } from '@robot-runtime/representations/Communication/TeamData';
import { GameState } from '@robot-runtime/representations/Infrastructure/GameState';
import { NetworkShared } from './NetworkShared';
import { RobotNetwork, TEAMMATE_TIMEOUT_MS } from './RobotNetwork';

const closers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c.close();
});

/** A team packet with a valid header from `player` (the payload is whatever a spoofer likes). */
function teamPacket(player: number, marker = 0): Uint8Array {
  return packTeamMessage({ playerNumber: player, timestamp: 1000 }, 0, new Uint8Array([marker, 1, 2, 3]));
}

/** A UDP sender on loopback; resolves once every packet has left. */
async function sender() {
  const socket = createSocket('udp4');
  closers.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return (port: number, packets: Uint8Array[]) =>
    Promise.all(packets.map((p) => new Promise((resolve) => socket.send(p, port, '127.0.0.1', resolve))));
}

/** Polls until `predicate` holds; the limit only ends a hung run (a loaded machine delivers packets late). */
async function until(predicate: () => boolean): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (!predicate() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('spoofed team packets (finding 7)', () => {
  it('accepts rule player numbers only, expires silent teammates, and keeps a share of the inbox per sender', async () => {
    let now = 0;
    const network = await RobotNetwork.open(
      {
        teamNumber: 5,
        playerNumber: 1,
        bindAddress: '127.0.0.1',
        teamDestination: '127.0.0.1',
        teamPort: 0,
        gameControllerPort: 0,
        returnPort: 0,
      },
      () => now,
    );
    closers.push(network);
    const cognition = new NetworkShared(network.shared.buffer);
    const port = network.team.port;
    const spoofer = await sender();
    const teammate = await sender();

    await spoofer(
      port,
      Array.from({ length: 179 }, (_, p) => teamPacket(p)),
    );
    await until(() => network.team.counts.received >= 179);
    expect([...network.teammates.keys()].every((p) => p >= 1 && p <= 20)).toBe(true);
    cognition.drainPackets();

    // A real teammate's packet, then a flood from one sender before Cognition's next frame.
    await teammate(port, [teamPacket(3, 0xaa)]);
    await until(() => network.team.counts.received >= 180);
    await spoofer(
      port,
      Array.from({ length: 200 }, (_, i) => teamPacket(2 + (i % 18))),
    );
    await until(() => network.team.counts.received >= 380);
    const { packets } = cognition.drainPackets();
    expect(packets.some((p) => p.bytes[1] === 3 && p.bytes[8] === 0xaa)).toBe(true);

    // Teammates not heard for a while are forgotten.
    now = TEAMMATE_TIMEOUT_MS + 1000;
    await teammate(port, [teamPacket(4)]);
    await until(() => network.team.counts.received >= 381);
    expect([...network.teammates.keys()]).toEqual([4]);
  });

  it('keeps TeamData to rule player numbers and drops teammates that went silent', () => {
    const frame = { time: 10_000 };
    const injected: Record<string, unknown> = {};
    const harness = createModuleForTest(TeamMessageHandler, {
      the: { FrameInfo: frame, GameState: { ...GameState.defaultValue(), playerNumber: 1 } },
      params: { codec: simpleTeamMessageCodec.name },
      injected,
    });
    const content = simpleTeamMessageCodec.encode({
      pose: { rotation: 0, translation: { x: 0, y: 0 } },
      poseValid: true,
      isUpright: true,
      isPenalized: false,
      ballPosition: { x: 0, y: 0 },
      ballVelocity: { x: 0, y: 0 },
      ballAge: undefined,
      role: 0,
      timeToReachBall: 0,
    });
    const packet = (player: number) => ({
      bytes: packTeamMessage({ playerNumber: player, timestamp: 9_990 }, 0, content),
      receivedAt: frame.time,
    });
    injected.TeamMessages = [0, 2, 21, 178].map(packet);
    const data = TeamData.defaultValue();
    harness.update.TeamData!(data);
    expect(data.teammates.map((m) => m.number)).toEqual([2]);
    injected.TeamMessages = [];
    frame.time += 60_000;
    harness.update.TeamData!(data);
    expect(data.teammates).toEqual([]);
  });
});
