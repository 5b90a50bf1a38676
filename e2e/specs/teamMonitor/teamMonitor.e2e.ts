import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { SimulationProvider } from '@app/host/providers/simulation/SimulationProvider';
import { TeamMonitorProvider } from '@app/host/providers/teamMonitor/TeamMonitorProvider';
import { teamContentCodec } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import { handMadeHslPacket } from '@robot-runtime/protocol/gameController/handMadePackets';
import { encodeStandardMessage } from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { encodeBHumanPacket } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { ROOT_DIR } from '../../support/appServer';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openCatalogView } from '../scene/scenePage';

const configRoot = join(ROOT_DIR, 'config');
let simulation: SimulationProvider | undefined;
let monitor: TeamMonitorProvider | undefined;

/** Sum of the message counts the cards show. */
async function totalMessages(page: Page): Promise<number> {
  const counts = await page
    .getByTestId('tm-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-messages'))));
  return counts.reduce((a, b) => a + b, 0);
}

describe('team monitor view (real Chromium)', () => {
  // The 7 vs 7 game through the IDE's simulation provider, as npm start has it, but with oracle percepts and no
  // camera images (`ci off`: the line points the default configuration finds for the camera calibration would have
  // every robot's images rendered) at real-time pacing, so a loaded 2-core machine keeps up; the network side
  // listens on loopback with free ports.
  const ctx = useApp(() => {
    simulation = new SimulationProvider({
      sceneFile: join(ROOT_DIR, 'scenes', 'GameFast.ros3'),
      configRoot,
      startScript: false,
    });
    monitor = new TeamMonitorProvider({
      configRoot,
      simulation: () => simulation?.simulation,
      network: { bindAddress: '127.0.0.1', port: () => 0, gameControllerPort: 0 },
    });
    return [simulation, new SceneViewsProvider(), monitor];
  });
  const socket = dgram.createSocket('udp4');
  afterAll(() => new Promise<void>((resolve) => socket.close(() => resolve())));

  it("the team monitor view shows the 7 vs 7 simulation's team traffic (screenshot kept)", async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await page.goto(app.server.url);
    const console = new ConsolePage(page);
    await console.ready();
    await simulation!.whenLoaded();
    expect(simulation!.simulation!.command('ci off')).toEqual({ kind: 'done' });
    await openCatalogView(page, 'Team Monitor');
    // Before the game starts nobody sends: the view says what to do.
    await expect.poll(() => page.getByTestId('tm-empty').textContent(), { timeout: 15_000 }).toMatch(/gc ready/);
    await screenshot('teammonitor-empty');
    await console.run('gc ready');
    await expect.poll(() => page.getByTestId('tm-card').count(), { timeout: 30_000 }).toBe(14);
    const first = await totalMessages(page);
    await expect.poll(() => totalMessages(page), { timeout: 30_000, interval: 500 }).toBeGreaterThan(first);
    await expect.poll(() => page.getByTestId('tm-field-robot').count()).toBe(14);
    expect(await page.locator('.tm-card--violation').count()).toBe(0);
    // The simulated GameController's line (the automatic referee may have moved on from ready by now).
    expect(await page.getByTestId('tm-gc').textContent()).toMatch(
      /^simulated GameController: SPL · (ready|set|playing)$/,
    );
    // Keyboard: the list takes focus and the arrow keys walk through the robots; the field follows.
    await page.getByTestId('tm-cards').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const selected = page.locator('[data-testid=tm-card][aria-selected=true]');
    await expect
      .poll(() => selected.getAttribute('data-key'))
      .toBe(await page.getByTestId('tm-card').nth(1).getAttribute('data-key'));
    await expect
      .poll(() => page.locator('.tm-robot--selected').getAttribute('data-key'))
      .toBe(await selected.getAttribute('data-key'));
    await screenshot('teammonitor-7vs7');
    expect(pageErrors).toEqual([]);
  });

  it('listens on a team port of the network and highlights messages that break the rules', async () => {
    const { page, screenshot, pageErrors } = ctx();
    // Team 9 speaks the standard message (with walk command and kick target), team 11 B-Human's format.
    await page.getByTestId('tm-team').fill('9');
    await page.getByTestId('tm-format').selectOption('standard');
    await page.getByTestId('tm-listen').click();
    await page.getByTestId('tm-team').fill('11');
    await page.getByTestId('tm-format').selectOption('bhuman');
    await page.getByTestId('tm-listen').click();
    await expect.poll(() => page.getByTestId('tm-listening').count(), { timeout: 10_000 }).toBe(2);
    const port = (team: number): number => monitor!.listening.find((l) => l.team === team)!.port;
    const standard = encodeStandardMessage({
      teamId: 9,
      playerId: 4,
      timestamp: 0,
      state: 'STATE_UNPENALISED',
      fieldPose: { pose: { x: -1500, y: -1800, theta: 0.3 }, covariance: [] },
      ball: { position: { x: 900, y: 200 }, covariance: [], velocity: { x: 0, y: 0 } },
      walkCommand: { velocity: { x: 220, y: 0, theta: 0.4 } },
      kickTarget: { x: 4500, y: 0 },
      extensions: [],
    });
    const codec = teamContentCodec(readFileSync(join(configRoot, 'Scenarios/Default/teamMessage.def'), 'utf8'));
    const packet = (player: number, x: number, y: number, rotation: number): Uint8Array =>
      encodeBHumanPacket(
        {
          playerNumber: player,
          timestamp: 10,
          referenceGameControllerPacketNumber: 0,
          referenceGameControllerPacketTimestampOffset: 0xffff,
        },
        codec.encode({
          pose: { rotation, translation: { x, y } },
          poseValid: true,
          isUpright: true,
          isPenalized: false,
          ballPosition: { x: 3000, y: 1500 },
          ballVelocity: { x: 0, y: 0 },
          ballAge: 800,
          role: 3,
          timeToReachBall: 3000,
        }),
        0,
      );
    // A Humanoid Soccer League GameController on the GameController port, and a datagram that is none.
    socket.send(handMadeHslPacket(), monitor!.gameControllerPort!, '127.0.0.1');
    socket.send(new Uint8Array(40), monitor!.gameControllerPort!, '127.0.0.1');
    await expect
      .poll(() => page.getByTestId('tm-gc').allTextContents(), { timeout: 10_000 })
      .toContain('network GameController: HSL · playing · 1 refused');
    socket.send(standard, port(9), '127.0.0.1');
    socket.send(packet(2, 2500, 2200, 2.5), port(11), '127.0.0.1');
    // Player 5's message is padded beyond the rules' 128 bytes and repeated far too soon.
    const oversized = new Uint8Array(300);
    oversized.set(packet(5, 1000, -2400, 1.2));
    socket.send(oversized, port(11), '127.0.0.1');
    socket.send(oversized, port(11), '127.0.0.1');
    await expect.poll(() => page.getByTestId('tm-card').count(), { timeout: 10_000 }).toBe(17);
    const bad = page.locator('.tm-card--violation');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.getAttribute('data-key')).toBe('network:11/5');
    expect(await bad.textContent()).toMatch(/size: 300 bytes > 128/);
    expect(await bad.textContent()).toMatch(/rate: \d+ ms after the previous message/);
    expect(await page.getByTestId('tm-totals').textContent()).toMatch(/[1-9]\d* violations/);
    expect(await page.locator('.tm-violation-ring').count()).toBe(1);
    expect(await page.locator('.tm-walk').count()).toBe(1);
    expect(await page.locator('.tm-kick').count()).toBe(1);
    await bad.click();
    await expect.poll(() => page.locator('.tm-robot--selected').getAttribute('data-key')).toBe('network:11/5');
    await screenshot('teammonitor-network-violation');
    expect(pageErrors).toEqual([]);
  });
});
