import { afterEach, describe, expect, it } from 'vitest';
import type { Child } from '@robot-runtime/hosts/robot/lola/testing/processes';
import { runHeadless } from '../simulation/headless';
import { serveOneNao, startPitchsideRobot, type Served } from './testing/externalTestSupport';

const open: Served[] = [];
const children: Child[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.process.kill('SIGTERM');
    await c.exited;
  }
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe("Pitchside's own program as deployed plays as an external robot", () => {
  it('npm run robot with --lola and --camera-stream: LoLA paces Motion, both camera threads get their streams, the GameController reaches it', async () => {
    const served = await serveOneNao();
    open.push(served);
    const e = served.boundary.robots[0]!.endpoints!;
    const robot = startPitchsideRobot(served.boundary, [
      '--camera-stream',
      `${e.address}:${e.imagePorts[0]},${e.imagePorts[1]}`,
      '--network',
      '--bind',
      e.address,
      '--team-to',
      served.boundary.simulatorAddress,
    ]);
    children.push(robot);
    expect(await served.boundary.waitForPrograms(120_000)).toEqual([]);
    const r = served.boundary.robots[0]!;
    // Real time, as on a NAO: the program's clock is the wall clock (lock-step would need it to count LoLA cycles).
    // Its threads start after it has connected; the robot is limp until its Motion thread answers.
    while (r.received < 2) await runHeadless(served.sim, { duration: 0.1, speed: 1, startGame: false });
    const before = { sent: r.sent, received: r.received };
    await runHeadless(served.sim, { duration: 4, speed: 1, startGame: false });
    await robot.waitFor((l) => l.includes(`${e.address}:${e.imagePorts[0]}: images arrive`), 60_000);
    await robot.waitFor((l) => l.includes(`${e.address}:${e.imagePorts[1]}: images arrive`), 60_000);
    // It answers LoLA cycles: Motion runs once per sensor map it reads.
    // On a busy machine a map can arrive while Motion still works on the last: it then answers the newer one only.
    expect(r.received - before.received).toBeGreaterThan(0.5 * (r.sent - before.sent));
    expect(served.lines.filter((l) => /does not answer|malformed|gone/.test(l))).toEqual([]);
    expect(r.cameras[0].counters.sent).toBeGreaterThan(60);
    expect(r.cameras[1].counters.sent).toBeGreaterThan(60);
    // The GameController reached it on its own address: it answers with return packets (every second).
    expect(r.returnPackets).toBeGreaterThanOrEqual(2);
    expect(robot.lines.join('\n')).toMatch(/debug link on 127\.\d+\.1\.1:\d+; LoLA at/);
  });
});
