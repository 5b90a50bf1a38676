import { afterAll, describe, expect, it, vi } from 'vitest';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { UdpEndpoint } from '@robot-runtime/hosts/node/UdpEndpoint';
import {
  encodeGameControlData,
  defaultGameControlData,
  type GameControlData,
} from '@robot-runtime/protocol/gameController/gameControlData';
import { decodeReturnData } from '@robot-runtime/protocol/gameController/returnData';
import { teamTestConfig } from '@robot-runtime/hosts/robot/network/testing/teamConfig';
import { freeUdpPorts } from './testPorts';

/** A config tree for one robot: player number, magic number 17, the bit-packed team message codec. */
const configFor = (player: number): string => teamTestConfig({ playerNumber: player, magicNumber: 17 });

/** The test's GameController: sends `data` to `ports` every 250 ms and collects the robots' return packets. */
async function labGameController(data: GameControlData, ports: readonly number[]) {
  const endpoint = await UdpEndpoint.open({ port: 0, address: '127.0.0.1' });
  const returns = new Set<string>();
  endpoint.on('packet', (bytes) => {
    const answer = decodeReturnData(bytes);
    if (answer) returns.add(`${answer.teamNum}/${answer.playerNum}`);
  });
  const send = () => {
    const bytes = encodeGameControlData(data);
    for (const port of ports) endpoint.send(bytes, port, '127.0.0.1');
    data.packetNumber = (data.packetNumber + 1) & 0xff;
  };
  send();
  const timer = setInterval(send, 250);
  return { returnPort: endpoint.port, returns, close: () => (clearInterval(timer), endpoint.close()) };
}

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe('two standalone robots on loopback with the IDE as GameController', () => {
  it('exchange bit-packed team messages over UDP, synchronize clocks by RBS, and ignore spoofed packets', async () => {
    const [teamA, teamB, gcA, gcB] = await freeUdpPorts(4);
    const data = defaultGameControlData(5, 6);
    data.state = 3; // playing
    data.firstHalf = 0;
    data.secsRemaining = 60;
    // Only players 1 and 2 play, so the budget allows a message per second each.
    for (let p = 2; p < 20; p++) data.teams[0].players[p]!.penalty = 14;
    const gc = await labGameController(data, [gcA!, gcB!]);
    stops.push(() => gc.close());

    const epoch = performance.timeOrigin + performance.now();
    const common = { port: 0, address: '127.0.0.1', log: () => {} };
    const loopback = (own: number, other: number, gcPort: number) => ({
      bindAddress: '127.0.0.1',
      teamDestination: '127.0.0.1',
      teamPort: own,
      teamDestinationPort: other,
      gameControllerPort: gcPort,
      returnPort: gc.returnPort,
    });
    const a = await StandaloneRobot.start({
      ...common,
      configRoot: configFor(1),
      startEpochMs: epoch,
      network: loopback(teamA!, teamB!, gcA!),
    });
    stops.push(() => a.stop());
    // B's clock reads 5 s more than A's: RBS must find that out from the shared GameController packets.
    const b = await StandaloneRobot.start({
      ...common,
      configRoot: configFor(2),
      startEpochMs: epoch - 5000,
      network: loopback(teamB!, teamA!, gcB!),
    });
    stops.push(() => b.stop());

    const spoof = await UdpEndpoint.open({ port: 0, address: '127.0.0.1' });
    stops.push(() => spoof.close());
    const wrongVersion = encodeGameControlData(defaultGameControlData(5, 6));
    wrongVersion[4] = 7;
    spoof.send(encodeGameControlData(defaultGameControlData(7, 8)), gcA!, '127.0.0.1');
    spoof.send(wrongVersion, gcA!, '127.0.0.1');
    spoof.send(new Uint8Array(50), gcA!, '127.0.0.1');
    spoof.send(new Uint8Array(200), teamA!, '127.0.0.1');
    spoof.send(new Uint8Array(20).fill(72 ^ 99), teamA!, '127.0.0.1');

    const synced = () =>
      a.network!.teammate(2)?.clock.valid &&
      b.network!.teammate(1)?.clock.valid &&
      a.network!.teammate(2)!.checks.ok >= 2 &&
      b.network!.teammate(1)!.checks.ok >= 2;
    // Waits on the count of clock checks, not a time: a loaded machine only makes it take longer.
    await vi.waitFor(() => expect(synced()).toBe(true), { timeout: 60_000, interval: 100 });
    expect(a.network!.teammate(2)!.clock.offset).toBeGreaterThan(5000 - 40);
    expect(a.network!.teammate(2)!.clock.offset).toBeLessThan(5000 + 40);
    expect(b.network!.teammate(1)!.clock.offset).toBeCloseTo(-a.network!.teammate(2)!.clock.offset, -1.5);
    expect(a.network!.team.counts.sent).toBeGreaterThan(0);
    expect(a.network!.gameController.counter.rejected).toMatchObject({ team: 1, version: 1, size: 1 });
    expect(a.network!.rejected).toMatchObject({ size: 1, version: 1 });
    // The robots answer the IDE's GameController.
    await vi.waitFor(() => expect([...gc.returns].sort()).toEqual(['5/1', '5/2']), { timeout: 60_000, interval: 100 });
    expect(
      a.network!.peers.reachable(a.network!.peers.get('robot:5/2')!.lastSeen, { channel: 'team' }).map((p) => p.id),
    ).toEqual(['robot:5/2']);
  }, 150_000);
});
