// A mixed game in the IDE: robot2 of Mixed.ros3 plays in the IDE, robot21 is external and Pitchside's own
// program (as deployed, `npm run robot`) drives it from outside over LoLA and the camera streams. The Robots view
// lists both kinds; robot21's image view shows the camera image its program got from the simulator, over the
// program's own debug link.
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, type Child } from '@robot-runtime/hosts/robot/lola/testing/processes';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openCatalogView, openWithRobots } from './scenePage';

// A loopback net of its own, so the robot's addresses collide with no other test's.
const net = 1 + Math.floor(Math.random() * 250);

describe('a mixed game: in-process and external robots in the IDE (real Chromium)', { timeout: 240_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/Mixed.ros3', external: ['robot21'], net });
  let program: Child | undefined;
  afterAll(async () => {
    program?.process.kill('SIGTERM');
    await program?.exited;
  });

  it('lists both kinds and shows the external robot camera image over its program debug link', async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await openWithRobots(page, app.server.url, 1);
    const consoleView = new ConsolePage(page);
    // The console says where robot21's program connects, as `npm run sim --external` does on its command line.
    const endpoints = consoleView.output.locator('.line', { hasText: /^robot21: LoLA / }).first();
    await endpoints.waitFor({ timeout: 60_000 });
    const line = (await endpoints.textContent())!;
    const m = /LoLA (\S+) and tcp .*images upper (\d+) lower (\d+), address (\S+) .*debug link \S+:(\d+)/.exec(line);
    expect(m, line).not.toBeNull();
    const [, socket, upper, lower, address, debugPort] = m!;
    program = startNode([
      '--import',
      'tsx',
      'robot-runtime/hosts/robot/main.ts',
      '--lola',
      socket!,
      '--camera-stream',
      `${address}:${upper},${lower}`,
      '--address',
      address!,
      '--port',
      debugPort!,
    ]);
    await consoleView.waitForLine(`robot21: console on its program's debug link ${address}:${debugPort}`, 120_000);

    await openCatalogView(page, 'Robots');
    const row = (name: string) => page.getByTestId('robots-table').locator(`tr[data-robot=${name}]`);
    await expect.poll(() => row('robot21').textContent(), { timeout: 60_000 }).toMatch(/external.*70 #1 · .*connected/);
    expect(await row('robot2').textContent()).toMatch(/simulated.*5 #2/);
    await screenshot('mixed-game-robots');

    await consoleView.run('robot robot21');
    await consoleView.run('vi CameraImage upper');
    await openCatalogView(page, 'Image');
    const canvas = page.getByTestId('image-canvas');
    await expect.poll(() => canvas.getAttribute('data-seq'), { timeout: 60_000 }).not.toBeNull();
    await expect.poll(() => page.getByTestId('image-view').textContent()).toMatch(/640×480 YUYV/);
    await screenshot('mixed-game-external-image');
    await openCatalogView(page, 'Scene 3D');
    await page.waitForTimeout(2000);
    await screenshot('mixed-game-scene3d');
    expect(pageErrors).toEqual([]);
  });
});
