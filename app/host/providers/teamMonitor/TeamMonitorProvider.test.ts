import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { teamContentCodec } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import { handMadeHslPacket, handMadeSplPacket } from '@robot-runtime/protocol/gameController/handMadePackets';
import { encodeStandardMessage } from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { encodeBHumanPacket } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import type { TeamMonitorFrame } from '@app/ipc/teamMonitor';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import type { ProviderHost } from '../../session/ConsoleProvider';
import { TeamMonitorProvider } from './TeamMonitorProvider';

const root = path.resolve(import.meta.dirname, '../../../..');
const configRoot = path.join(root, 'config');
const codec = teamContentCodec(fs.readFileSync(path.join(configRoot, 'Scenarios/Default/teamMessage.def'), 'utf8'));
const content = {
  pose: { rotation: 0, translation: { x: -2000, y: 1000 } },
  poseValid: true,
  isUpright: true,
  isPenalized: false,
  ballPosition: { x: 500, y: 0 },
  ballVelocity: { x: 0, y: 0 },
  ballAge: 300,
  role: 2,
  timeToReachBall: 4000,
};
const header = {
  playerNumber: 3,
  timestamp: 5,
  referenceGameControllerPacketNumber: 0,
  referenceGameControllerPacketTimestampOffset: 0xffff,
};

/** A session stand-in that records what the provider prints and broadcasts. */
function fakeHost(): ProviderHost & { printed: string[]; frames: TeamMonitorFrame[] } {
  const printed: string[] = [];
  const frames: TeamMonitorFrame[] = [];
  return {
    printed,
    frames,
    addRobot: () => undefined,
    removeRobot: () => undefined,
    print: (text) => printed.push(text),
    controller: new ConsoleController({ files: new MemoryFiles() }),
    broadcast: ((channel: string, payload: unknown) => {
      if (channel === 'pitchside:teamMonitor.frame') frames.push(payload as TeamMonitorFrame);
    }) as ProviderHost['broadcast'],
  };
}

/** Polls `condition` (counts the provider reports) until it holds; the limit only ends a hung run. */
async function until(condition: () => boolean, ms = 120_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

const cleanup: (() => Promise<void>)[] = [];

/** A started provider that listens on loopback with free ports (team ports and the GameController port). */
function networkProvider() {
  const provider = new TeamMonitorProvider({
    configRoot,
    network: { bindAddress: '127.0.0.1', port: () => 0, gameControllerPort: 0 },
  });
  cleanup.push(() => provider.dispose());
  const host = fakeHost();
  provider.start(host);
  return { provider, host };
}
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c()));
});

describe('TeamMonitorProvider', () => {
  it("monitors the simulation's bit-packed team messages on one field frame", async () => {
    const sim = await Simulation.load(path.join(root, 'scenes/GameFast.ros3'), { seed: 2 });
    cleanup.push(() => sim.dispose());
    const provider = new TeamMonitorProvider({ configRoot, simulation: () => sim });
    const host = fakeHost();
    provider.start(host);
    provider.update();
    expect(host.frames.at(-1)).toMatchObject({ robots: [], simulation: true });
    sim.command('gc ready');
    sim.runFor(2500);
    const frame = provider.frame();
    expect(frame.robots).toHaveLength(14);
    expect(frame.robots.flatMap((r) => r.violations.map((v) => `${r.name}: ${v.kind} ${v.detail}`))).toEqual([]);
    expect(frame.violations).toBe(0);
    for (const r of frame.robots) {
      // Header + 13 bytes of teamMessage.def: the simple codec would need 28.
      expect(r).toMatchObject({ source: 'simulation', format: 'bhuman', lastSize: 21, violations: [] });
      expect(r.role).toBeDefined();
      // Both teams' poses are in the scene's frame: near the robot's true position (it walks on after sending).
      const truth = sim.worldState.robots.find((t) => t.name === r.name)!.pose.translation;
      expect(Math.hypot(r.pose!.x - truth.x, r.pose!.y - truth.y)).toBeLessThan(800);
    }
    const used = frame.teams.reduce((n, t) => n + t.used, 0);
    expect(used).toBe(sim.network.counters.sent[0] + sim.network.counters.sent[1]);
    expect(frame.teams[0]!.remaining).toBe(sim.gc.getData().teams[0].messageBudget);
    // The simulated GameController, in the protocol the robots receive.
    expect(frame.gameControllers).toEqual([{ source: 'simulation', protocol: 'spl', state: 'ready' }]);
    expect(sim.command('gc protocol hsl')).toEqual({ kind: 'done' });
    expect(provider.frame().gameControllers).toEqual([{ source: 'simulation', protocol: 'hsl', state: 'ready' }]);
    // Penalties come from the simulated GameController.
    expect(sim.robotCommand('robot22', 'pr manual')).toEqual({ kind: 'done' });
    expect(provider.frame().robots.find((r) => r.name === 'robot22')!.penalty).toBe('manual');
    expect(provider.frame().robots.find((r) => r.name === 'robot21')!.penalty).toBe('none');
    // A reset starts the traffic over.
    const fresh = sim.reset();
    cleanup.push(() => fresh.dispose());
    const reset = new TeamMonitorProvider({ configRoot, simulation: () => fresh });
    reset.start(fakeHost());
    expect(reset.frame().robots).toEqual([]);
  });

  it('listens on team ports (loopback), decodes both formats and highlights rule violations', async () => {
    const { provider, host } = networkProvider();
    const frame = await provider.handlers['pitchside:teamMonitor.listen']({ team: 5, on: true });
    expect(frame.listening).toEqual([{ team: 5, port: expect.any(Number), format: 'bhuman' }]);
    host.controller.execute('tm on 6 standard');
    await until(() => provider.listening.length === 2);
    const port = (team: number): number => provider.listening.find((l) => l.team === team)!.port;
    const socket = dgram.createSocket('udp4');
    cleanup.push(() => new Promise((resolve) => socket.close(() => resolve())));
    socket.send(encodeBHumanPacket(header, codec.encode(content), 0), port(5), '127.0.0.1');
    socket.send(new Uint8Array(200), port(5), '127.0.0.1');
    socket.send(new Uint8Array(3), port(5), '127.0.0.1');
    socket.send(
      encodeStandardMessage({
        teamId: 6,
        playerId: 2,
        timestamp: 0,
        state: 'STATE_UNPENALISED',
        fieldPose: { pose: { x: 0, y: 0, theta: 0 }, covariance: [] },
        ball: { position: { x: 300, y: 0 }, covariance: [], velocity: { x: 0, y: 0 } },
        walkCommand: { velocity: { x: 200, y: 0, theta: 0.3 } },
        kickTarget: { x: 4500, y: 0 },
        extensions: [],
      }),
      port(6),
      '127.0.0.1',
    );
    // The packets of zeros name player 0, which no robot has: they count as violations of no robot.
    await until(() => provider.frame().robots.length === 2 && provider.frame().violations >= 2);
    const robots = provider.frame().robots;
    expect(robots.find((r) => r.team === 5 && r.player === 3)).toMatchObject({
      source: 'network',
      role: 'striker',
      ballSeenAgo: expect.any(Number),
      violations: [],
    });
    expect(robots.find((r) => r.player === 0)).toBeUndefined();
    expect(robots.find((r) => r.team === 6)).toMatchObject({
      format: 'standard',
      walk: { x: 200, theta: expect.closeTo(0.3, 5) },
      kickTarget: { x: 4500, y: 0 },
    });
    provider.update();
    expect(host.frames.at(-1)!.robots).toHaveLength(2);
    host.controller.execute('tm on x');
    expect(host.printed.at(-1)).toMatch(/^Syntax: tm on <team>/);
    host.controller.execute('tm off');
    await until(() => provider.listening.length === 0);
    expect(provider.frame().listening).toEqual([]);
  });

  it("hears either league's GameController on its port while a team is listened to, and takes its budgets", async () => {
    const { provider, host } = networkProvider();
    expect(provider.gameControllerPort).toBeUndefined();
    await provider.handlers['pitchside:teamMonitor.listen']({ team: 12, on: true });
    const gcPort = provider.gameControllerPort!;
    const socket = dgram.createSocket('udp4');
    cleanup.push(() => new Promise((resolve) => socket.close(() => resolve())));
    // Team 12 announces one message; the HSL packet says team 12 may still send 1000.
    socket.send(encodeBHumanPacket(header, codec.encode(content), 0), provider.listening[0]!.port, '127.0.0.1');
    socket.send(handMadeHslPacket().subarray(0, 120), gcPort, '127.0.0.1');
    socket.send(handMadeHslPacket(), gcPort, '127.0.0.1');
    await until(() => (provider.frame().gameControllers?.[0]?.packets ?? 0) >= 1 && provider.frame().robots.length > 0);
    expect(provider.frame().gameControllers).toEqual([
      {
        source: 'network',
        protocol: 'hsl',
        state: 'playing',
        packets: 1,
        refused: 1,
        address: '127.0.0.1',
        sinceHeard: expect.any(Number),
      },
    ]);
    expect(provider.frame().teams.find((t) => t.team === 12)!.remaining).toBe(1000);
    // Then an SPL GameController on the same port: the monitor follows the latest.
    socket.send(handMadeSplPacket(), gcPort, '127.0.0.1');
    await until(() => provider.frame().gameControllers?.[0]?.protocol === 'spl');
    expect(provider.frame().gameControllers![0]).toMatchObject({ protocol: 'spl', state: 'set', packets: 2 });
    expect(provider.frame().teams.find((t) => t.team === 12)!.remaining).toBe(1200);
    host.controller.execute('tm');
    expect(host.printed.at(-1)).toMatch(/network GameController: SPL, set \(2 packets, 1 refused, from 127\.0\.0\.1\)/);
    await provider.handlers['pitchside:teamMonitor.listen']({ team: 12, on: false });
    expect(provider.gameControllerPort).toBeUndefined();
  });
});
