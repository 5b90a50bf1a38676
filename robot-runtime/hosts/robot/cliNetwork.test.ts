/**
 * @file Issue 41, finding 9: `npm run robot -- --network` can be confined. Two robots started with the options the
 * command line makes of `--network --bind 127.0.0.x --team-to …` (and `--player`) exchange team messages on their
 * own loopback addresses, answer the GameController at the packet's sender, and broadcast nothing.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  defaultGameControlData,
  encodeGameControlData,
  type GameControlData,
} from '@robot-runtime/protocol/gameController/gameControlData';
import { decodeReturnData } from '@robot-runtime/protocol/gameController/returnData';
import { teamPort } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { UdpEndpoint } from '../node/UdpEndpoint';
import { teamTestConfig } from './network/testing/teamConfig';
import { networkOptions } from './cli';
import { StandaloneRobot } from './StandaloneRobot';
import { UsageError } from './commandLine';

/** A team number no other test uses, so that its port (10000 + team) is this test's alone. */
const TEAM = 141;

/** A GameController on 127.0.0.9 (its return port 3939 there): sends `data` to each robot's address. */
async function labGameController(data: GameControlData, robots: readonly string[]) {
  const endpoint = await UdpEndpoint.open({ port: 3939, address: '127.0.0.9' });
  const returns = new Set<string>();
  endpoint.on('packet', (bytes, from) => {
    const answer = decodeReturnData(bytes);
    if (answer) returns.add(`${from.address} ${answer.teamNum}/${answer.playerNum}`);
  });
  const send = () => {
    const bytes = encodeGameControlData(data);
    for (const address of robots) endpoint.send(bytes, 3838, address);
    data.packetNumber = (data.packetNumber + 1) & 0xff;
  };
  send();
  const timer = setInterval(send, 250);
  return { returns, close: () => (clearInterval(timer), endpoint.close()) };
}

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe('--network --bind --team-to', () => {
  it('makes network options of the command line and refuses what it cannot use', () => {
    expect(networkOptions({})).toBeUndefined();
    expect(networkOptions({ network: true })).toBe(true);
    expect(networkOptions({ network: true, bind: '127.0.0.2', 'team-to': '127.0.0.2, 127.0.0.3' })).toEqual({
      bindAddress: '127.0.0.2',
      teamDestination: ['127.0.0.2', '127.0.0.3'],
    });
    expect(networkOptions({ network: true, 'team-to': '127.255.255.255' })).toEqual({
      teamDestination: ['127.255.255.255'],
    });
    expect(() => networkOptions({ bind: '127.0.0.2' })).toThrow(new UsageError('--bind and --team-to need --network'));
    expect(() => networkOptions({ network: true, bind: 'localhost' })).toThrow(/--bind: 'localhost' is not an IPv4/);
    expect(() => networkOptions({ network: true, 'team-to': '127.0.0.2,,' })).toThrow(/--team-to: '' is not/);
  });

  it('two robots on one PC exchange team messages on their own loopback addresses, broadcasting nothing', async () => {
    const port = teamPort(TEAM);
    // What arrives on the team port for no specific address: broadcasts (for unicast the socket bound to its
    // address is preferred, so each robot gets its own).
    const everywhere = await UdpEndpoint.open({ port, reuseAddress: true });
    stops.push(() => everywhere.close());
    let broadcasts = 0;
    everywhere.on('packet', () => broadcasts++);
    // A third address in the list: a listener that sees what the robots send.
    const listener = await UdpEndpoint.open({ port, address: '127.0.0.4', reuseAddress: true });
    stops.push(() => listener.close());
    const senders = new Set<string>();
    listener.on('packet', (_bytes, from) => senders.add(`${from.address}:${from.port}`));

    const data = defaultGameControlData(TEAM, TEAM + 1);
    data.state = 3; // playing
    data.firstHalf = 0;
    data.secsRemaining = 60;
    for (let p = 2; p < 20; p++) data.teams[0].players[p]!.penalty = 14; // players 1 and 2 play
    const gc = await labGameController(data, ['127.0.0.2', '127.0.0.3']);
    stops.push(() => gc.close());

    const configRoot = teamTestConfig({ teamNumber: TEAM }); // one folder for both: they differ by --player
    const start = async (player: number, address: string) => {
      const robot = await StandaloneRobot.start({
        configRoot,
        port: 0,
        address: '127.0.0.1',
        log: () => {},
        playerNumber: player,
        network: networkOptions({ network: true, bind: address, 'team-to': '127.0.0.2,127.0.0.3,127.0.0.4' }),
      });
      stops.push(() => robot.stop());
      return robot;
    };
    const a = await start(1, '127.0.0.2');
    const b = await start(2, '127.0.0.3');
    // Until B's socket was bound, A's packets to 127.0.0.3 had no owner but the socket of every address.
    await new Promise((r) => setTimeout(r, 100));
    broadcasts = 0;

    const heard = () =>
      (a.network!.teammate(2)?.checks.ok ?? 0) >= 1 &&
      (b.network!.teammate(1)?.checks.ok ?? 0) >= 1 &&
      gc.returns.size === 2;
    // Waits on counts of checked messages and answers, not a time: a loaded machine only makes it take longer.
    await vi.waitFor(() => expect(heard()).toBe(true), { timeout: 60_000, interval: 100 });
    expect(a.network!.teammate(2)?.checks.ok).toBeGreaterThanOrEqual(1);
    expect(b.network!.teammate(1)?.checks.ok).toBeGreaterThanOrEqual(1);
    // Each robot answers the GameController from its own address, to the packet's sender.
    expect([...gc.returns].sort()).toEqual([`127.0.0.2 ${TEAM}/1`, `127.0.0.3 ${TEAM}/2`]);
    expect([...senders].sort()).toEqual([`127.0.0.2:${port}`, `127.0.0.3:${port}`]);
    // Their own packets come back through the list and are dropped, not taken for a teammate's.
    expect(a.network!.team.counts.ownDropped).toBeGreaterThan(0);
    expect(a.network!.teammate(1)).toBeUndefined();
    expect(a.network!.team.destinationAddresses).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(broadcasts).toBe(0);
  });
});
