// Issue 35: a replay shows what the robot believed. In the browser, on the default scene (scenes/Game.ros3), robot1
// is recorded from the console (`dr representation:…`, `log start`, `log stop`, `log save`) and replayed with `sl`
// alone; its field view shows the replayed pose, ball and obstacles. While the log plays from its start (`log stop`,
// `log start`), every frame the replay runs is checked in the host: the replayed BallModel, RobotPose and
// ObstacleModel equal the recorded ones byte for byte, frame by frame.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logSession } from '@app/host/log/LogSession';
import { LogFile } from '@app/host/log/LogFile';
import type { ReplayRobot } from '@app/host/log/ReplayRobot';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { ConsolePage } from '../../support/consolePage';
import { openDefaultScene } from '../../support/defaultScene';
import { useApp } from '../../support/fixture';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-beliefs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BELIEFS = ['BallModel', 'RobotPose', 'ObstacleModel'];

/** Per replayed frame: which beliefs the frame held, and which of those the replayed blackboard did not equal. */
function watchBeliefs(robot: ReplayRobot): { compared: Map<string, number>; different: string[] } {
  const compared = new Map<string, number>();
  const different: string[] = [];
  robot.player.events.on('frame', (frame) => {
    const blackboard = robot.program.thread(frame.thread)?.blackboard;
    for (const m of frame.messages) {
      const rep = representationForMessageId(m.id);
      if (!blackboard || !rep || !BELIEFS.includes(rep)) continue;
      const type = robot.program.graph.representations.get(rep) as AnyType;
      const replayed = encode(type as TypeRef<unknown>, blackboard.get(rep) as never);
      if (!Buffer.from(replayed).equals(m.payload)) different.push(`${frame.index} ${rep}`);
      compared.set(rep, (compared.get(rep) ?? 0) + 1);
    }
  });
  return { compared, different };
}

describe('recording robot1 of the default scene and replaying it', { timeout: 480_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/Game.ros3' });
  const file = path.join(dir, 'robot1.log');

  it('records robot1 from the console', async () => {
    const { page, app } = ctx();
    const consoleView = await openDefaultScene(page, app.server.url);
    await consoleView.run('robot robot1');
    for (const rep of ['FrameInfo', ...BELIEFS]) await consoleView.run(`dr representation:${rep}`);
    await consoleView.run('gc ready');
    await consoleView.run('log start');
    const recorder = logSession(app.session.controller.robotConsole('robot1')!).recorder;
    // About two simulated seconds of frames (FrameInfo in all four threads: about 200 a second), however fast
    // this machine simulates.
    await expect.poll(() => recorder.frames.length, { timeout: 300_000, interval: 500 }).toBeGreaterThan(400);
    await consoleView.run('log stop');
    await consoleView.run(`log save ${file}`);
    await expect.poll(() => consoleView.output.textContent(), { timeout: 20_000 }).toMatch(/Saved \d+ frames to /);
    expect(recorder.configuration).toBeDefined();
  });

  it('replays it with sl: field view of the replayed beliefs, and every frame equals the recording (screenshot kept)', async () => {
    const { page, app, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run(`sl replay ${file}`);
    const console = app.session.controller.robotConsole('replay');
    expect(console).toBeDefined();
    const robot = logSession(console!).replay!;
    const configuration = robot.currentConfiguration.threads.find((t) => t.name === 'Cognition')!;
    for (const belief of BELIEFS)
      expect(configuration.representationProviders).toContainEqual({
        representation: belief,
        provider: 'LogDataProvider',
      });
    for (const line of [
      'vf replayed',
      'vfd replayed representation:RobotPose',
      'vfd replayed origin:RobotPose',
      'vfd replayed representation:BallModel',
      'vfd replayed representation:ObstacleModel',
    ])
      await consoleView.run(line);
    const watched = watchBeliefs(robot);
    // The field view `vf` opened, in front while the log plays from its start (stop, then play, typed as the Log
    // Player's buttons would send them), so its panel shows the replayed drawings.
    await page.locator('.dv-tab', { hasText: 'replay.field.replayed' }).click();
    const field = page.getByTestId('field-view').filter({ has: page.getByLabel(/^Field view replayed of replay/) });
    await field.waitFor({ timeout: 15_000 });
    await consoleView.run('log stop');
    await consoleView.run('log start');
    const log = LogFile.open(file);
    const frames = log.frameCount;
    const cognition = Array.from({ length: frames }, (_, i) => log.readFrame(i)).filter(
      (f) => f.thread === 'Cognition',
    ).length;
    log.close();
    await expect.poll(() => robot.player.current, { timeout: 180_000, interval: 500 }).toBe(frames - 1);
    expect(watched.different.slice(0, 10)).toEqual([]);
    for (const belief of BELIEFS) expect([belief, watched.compared.get(belief)]).toEqual([belief, cognition]);
    await expect.poll(() => field.getByTestId('field-drawings').textContent()).toMatch(/Drawings \(4\)/);
    await expect.poll(() => field.locator('.view-overlay-note').count(), { timeout: 20_000 }).toBe(0);
    await screenshot('replay-beliefs');
  });
});
