import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamContentCodec } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import { TeamCommunication } from '@robot-runtime/hosts/robot/network/TeamCommunication';
import { encodeStandardMessage } from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { encodeBHumanPacket } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { MAX_TRACKED_ROBOTS, ROBOT_TIMEOUT_MS, TeamMonitor } from './TeamMonitor';
import { TeamMonitorSource } from './TeamMonitorSource';

const definition = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../config/Scenarios/Default/teamMessage.def'),
  'utf8',
);
const codec = teamContentCodec(definition);
const content = {
  pose: { rotation: 0.5, translation: { x: -2000, y: 1000 } },
  poseValid: true,
  isUpright: true,
  isPenalized: false,
  ballPosition: { x: 500, y: 0 },
  ballVelocity: { x: 0, y: 0 },
  ballAge: 300,
  role: 2,
  timeToReachBall: 4000,
};
const header = (player: number, timestamp: number) => ({
  playerNumber: player,
  timestamp,
  referenceGameControllerPacketNumber: 0,
  referenceGameControllerPacketTimestampOffset: 0xffff,
});

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()));
});

describe('TeamMonitor', () => {
  it('summarizes B-Human and standard messages per robot and flags rule violations', () => {
    const monitor = new TeamMonitor({ codec, formats: { 6: 'standard' }, overallBudget: 4 });
    monitor.feed(5, encodeBHumanPacket(header(2, 1000), codec.encode(content), 17), '10.0.5.2:10005', 1000);
    monitor.feed(5, encodeBHumanPacket(header(2, 1100), codec.encode(content), 17), '10.0.5.2:10005', 1100);
    monitor.feed(5, new Uint8Array(140), '10.0.5.9:10005', 1200);
    monitor.feed(5, new Uint8Array(3), '10.0.5.9:10005', 1700);
    monitor.feed(5, encodeBHumanPacket(header(3, 1300), codec.encode(content), 17), '10.0.5.3:10005', 1800);
    const std = encodeStandardMessage({
      teamId: 6,
      playerId: 4,
      timestamp: 0,
      state: 'STATE_PENALISED',
      fieldPose: { pose: { x: 1000, y: 0, theta: Math.PI / 2 }, covariance: [] },
      ball: { position: { x: 100, y: 0 }, covariance: [], velocity: { x: 0, y: 0 } },
      walkCommand: { velocity: { x: 100, y: 0, theta: 0.2 } },
      kickTarget: { x: 4500, y: 0 },
      extensions: [],
    });
    monitor.feed(6, std, '10.0.6.4:10006', 1400);
    const snap = monitor.snapshot(1500);
    const r2 = snap.robots.find((r) => r.team === 5 && r.player === 2)!;
    expect(r2).toMatchObject({ messages: 2, magicNumber: 17, role: 2, poseValid: true });
    expect(r2.pose!.translation.x).toBeCloseTo(-2000, -1);
    expect(r2.violations.map((v) => v.kind)).toEqual(['rate']);
    // The packets without a readable player number belong to no robot; their violations are counted.
    expect(snap.robots.find((r) => r.player === 0)).toBeUndefined();
    expect(snap.unattributed).toBe(2);
    expect(snap.violations).toBe(4); // size, malformed, rate, budget
    expect(snap.robots.find((r) => r.player === 3)!.violations.map((v) => v.kind)).toEqual(['budget']);
    const r4 = snap.robots.find((r) => r.team === 6)!;
    expect(r4).toMatchObject({
      format: 'standard',
      penalized: true,
      walk: { x: 100, y: 0 },
      kickTarget: { x: 4500, y: 0 },
    });
    expect(r4.ball!.x).toBeCloseTo(1000);
    expect(r4.ball!.y).toBeCloseTo(100);
    expect(snap.budgets).toEqual([
      { team: 5, used: 5, remaining: -1 },
      { team: 6, used: 1, remaining: 3 },
    ]);
    expect(monitor.peers.reachable(1500).length).toBe(3);
  });

  it('never throws on random packets (fuzz)', () => {
    const monitor = new TeamMonitor({ codec, formats: { 6: 'standard' } });
    const random = seededRandom(4);
    for (let i = 0; i < 5000; i++)
      monitor.feed(
        5 + (i & 1),
        new Uint8Array(Math.floor(random() * 160)).map(() => Math.floor(random() * 256)),
        'x',
        i,
      );
    expect(monitor.snapshot(5000).violations).toBeGreaterThan(0);
  });
});

describe('spoofed player numbers (issue 41, finding 3)', () => {
  it('makes robots only of player numbers 1..20, forgets silent ones and bounds how many it tracks', () => {
    const monitor = new TeamMonitor({ codec, formats: { 6: 'standard' } });
    const standard = (playerId: number) =>
      encodeStandardMessage({
        teamId: 6,
        playerId,
        timestamp: 0,
        state: 'STATE_UNPENALISED',
        fieldPose: { pose: { x: 0, y: 0, theta: 0 }, covariance: [] },
        ball: { position: { x: 0, y: 0 }, covariance: [], velocity: { x: 0, y: 0 } },
        walkCommand: { velocity: { x: 0, y: 0, theta: 0 } },
        extensions: [],
      });
    // The finding: 20,000 standard messages with distinct player ids made 20,000 robots.
    for (let id = 0; id < 20_000; id++) monitor.feed(6, standard(id), '10.0.6.9:10006', 1000 + id / 100);
    // B-Human headers carry a byte: 0 and 21..255 are no player either.
    for (let n = 0; n < 256; n++)
      monitor.feed(5, encodeBHumanPacket(header(n, 0), codec.encode(content), 17), 'x', 1200);
    let snap = monitor.snapshot(1200);
    expect(snap.robots.filter((r) => r.team === 6).map((r) => r.player)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(snap.robots.filter((r) => r.team === 5)).toHaveLength(20);
    expect(snap.unattributed).toBe(20_000 - 20 + 256 - 20);
    // Silent for longer than the timeout: forgotten. One that still talks stays.
    monitor.feed(5, encodeBHumanPacket(header(7, 0), codec.encode(content), 17), 'x', 1200 + ROBOT_TIMEOUT_MS);
    snap = monitor.snapshot(1201 + ROBOT_TIMEOUT_MS);
    expect(snap.robots.map((r) => `${r.team}/${r.player}`)).toEqual(['5/7']);
    expect(monitor.peers.all()).toHaveLength(1);
    // Many teams watched at once: never more than MAX_TRACKED_ROBOTS; the longest silent ones make room.
    for (let team = 10; team < 30; team++)
      for (let n = 1; n <= 20; n++)
        monitor.feed(team, encodeBHumanPacket(header(n, 0), codec.encode(content), 17), 'x', 20_000 + team);
    expect(monitor.trackedRobots).toBe(MAX_TRACKED_ROBOTS);
    expect(monitor.snapshot(20_030).robots.some((r) => r.team === 29)).toBe(true);
  });
});

describe('TeamMonitorSource', () => {
  it('hears team messages on the team port (loopback)', async () => {
    const source = await TeamMonitorSource.open({ teams: [5], bindAddress: '127.0.0.1', ports: { 5: 0 }, codec });
    closers.push(source);
    const robot = await TeamCommunication.open({
      teamNumber: 5,
      port: 0,
      bindAddress: '127.0.0.1',
      destination: '127.0.0.1',
      destinationPort: source.port(5),
    });
    closers.push(robot);
    robot.send(encodeBHumanPacket(header(1, 5), codec.encode(content), 0));
    await vi.waitFor(() => expect(source.snapshot().robots.length).toBeGreaterThan(0), {
      timeout: 120_000,
      interval: 20,
    });
    expect(source.snapshot().robots[0]).toMatchObject({ team: 5, player: 1, lastSize: 21 });
  });
});
