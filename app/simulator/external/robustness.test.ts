import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { JOINT_OFF } from '@robot-runtime/representations/Infrastructure/Joints';
import { runHeadless } from '../simulation/headless';
import { IMAGE_HEADER_BYTES } from '@robot-runtime/protocol/imageStream/imageStreamHeader';
import type { ExternalOptions } from './ExternalBoundary';
import { serveOneNao, startPythonRobot, type Served } from './testing/externalTestSupport';

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function serve(options: ExternalOptions = { lockStep: true }): Promise<Served> {
  const served = await serveOneNao({ answerTimeoutMs: 300, startupTimeoutMs: 300, ...options });
  open.push(served);
  return served;
}

/** Runs `seconds` of simulated time in lock-step (or in real time without lockStep). */
async function run(served: Served, seconds: number): Promise<void> {
  const lockStep = served.boundary.options.lockStep;
  await runHeadless(served.sim, {
    duration: seconds,
    speed: lockStep ? 'max' : 1,
    startGame: false,
    afterStep: lockStep ? () => served.boundary.answers() : undefined,
  });
}

function expectLimp(served: Served): void {
  const robot = served.boundary.robots[0]!;
  expect(robot.angles.every((a) => a === JOINT_OFF)).toBe(true);
  expect(robot.stiffnesses.every((s) => s === 0)).toBe(true);
}

/** Starts the Python robot without image readers and waits until it is connected. */
async function startProgram(served: Served, extra: string[]) {
  const done = startPythonRobot(served.boundary, 100_000, ['--no-images', ...extra]);
  expect(await served.boundary.waitForPrograms(100_000)).toEqual([]);
  return { done };
}

describe('external robots: what goes wrong is reported and the simulation goes on', () => {
  it('a program that dies: reported, its robot goes limp, the game goes on', async () => {
    const served = await serve();
    const { done } = await startProgram(served, ['--die-after', '50']);
    await run(served, 2);
    expect((await done).code).toBe(0);
    expect(served.sim.time).toBeGreaterThanOrEqual(2000);
    expect(served.lines.join('\n')).toMatch(/robot1: program gone \(the program closed the connection\) at 0\.\d+ s/);
    expect(served.boundary.robots[0]!.received).toBe(49);
    expectLimp(served);
  });

  it('a program that never answers: lock-step waits once, reports it and goes on without it', async () => {
    const served = await serve();
    await startProgram(served, ['--silent-after', '1']);
    await run(served, 1);
    expect(served.sim.time).toBeGreaterThanOrEqual(1000);
    expect(served.lines.filter((l) => /does not answer/.test(l))).toEqual([
      'robot1: program does not answer LoLA (lock-step (300 ms)); the robot is limp',
    ]);
    // It was served a sensor map every cycle nonetheless.
    expect(served.boundary.robots[0]!.sent).toBe(Math.ceil(1000 / 12));
    expectLimp(served);
    served.boundary.robots[0]!.lola.disconnect('test over');
  });

  it('a program that never answers in real time: limp after the silent cycles', async () => {
    const served = await serve({ silentAfterCycles: 10 });
    await startProgram(served, ['--silent-after', '1']);
    await run(served, 0.5);
    expect(served.lines).toContain('robot1: program does not answer LoLA (real time); the robot is limp');
    expectLimp(served);
    served.boundary.robots[0]!.lola.disconnect('test over');
  });

  it('a malformed map is reported and ignored; the connection and the robot go on', async () => {
    const served = await serve();
    await startProgram(served, ['--malformed-after', '20']);
    await run(served, 1);
    expect(served.lines).toContain(
      "robot1: ignored a malformed actuator map: 'Position' must be an array of 25 numbers",
    );
    const robot = served.boundary.robots[0]!;
    expect(robot.lola.connected).toBe(true);
    expect(robot.silent).toBe(false);
    expect(robot.stiffnesses.filter((s) => s === 100).length).toBeGreaterThan(20);
    robot.lola.disconnect('test over');
  });

  for (const [what, flag, message] of [
    ['bytes msgpack does not define', '--garbage-after', /closed the connection: msgpack type byte 0xc1/],
    ['an oversized map', '--oversized-after', /closed the connection: (an actuator map of|more than) \d+ bytes/],
  ] as const) {
    it(`${what}: the connection is closed and reported, the robot goes limp`, async () => {
      const served = await serve();
      await startProgram(served, [flag, '20']);
      await run(served, 1);
      const text = served.lines.join('\n');
      expect(text).toMatch(message);
      expect(text).toMatch(/robot1: program gone \(its stream was not LoLA msgpack\)/);
      expect(served.sim.time).toBeGreaterThanOrEqual(1000);
      expectLimp(served);
    });
  }

  it('a program that connects late is limp until then and reported when it comes', async () => {
    const served = await serve();
    await run(served, 0.5);
    expectLimp(served);
    await startProgram(served, []);
    await run(served, 0.5);
    expect(served.lines.join('\n')).toMatch(/robot1: program connected over unix late, at 0\.50 s simulated/);
    expect(served.boundary.robots[0]!.stiffnesses.filter((s) => s === 100).length).toBeGreaterThan(20);
    served.boundary.robots[0]!.lola.disconnect('test over');
  });

  it('a second program for the same robot is refused', async () => {
    const served = await serve();
    await startProgram(served, []);
    const second = net.connect(served.boundary.robots[0]!.endpoints!.lolaSocket);
    await new Promise((resolve) => second.on('close', resolve).on('error', () => {}));
    expect(served.lines).toContain(
      'robot1: a second program tried to connect over unix; refused (one program drives a robot)',
    );
    expect(served.boundary.robots[0]!.lola.connected).toBe(true);
    served.boundary.robots[0]!.lola.disconnect('test over');
  });

  it('a reader too slow for the image stream gets images dropped, never more than one queued', async () => {
    const served = await serve();
    const camera = served.boundary.robots[0]!.cameras[0];
    const reader = net.connect(
      served.boundary.robots[0]!.endpoints!.imagePorts[0],
      served.boundary.robots[0]!.endpoints!.address,
    );
    reader.pause(); // reads nothing
    await new Promise((resolve) => reader.on('connect', resolve));
    while (!camera.hasReaders) await new Promise((r) => setTimeout(r, 5));
    await run(served, 3);
    reader.destroy();
    const cam = served.sim.scene.robots[0]!.model.cameras[0]!;
    const imageBytes = IMAGE_HEADER_BYTES + cam.imageWidth * cam.imageHeight * 2;
    // 30 images a second for 3 s: the few the socket buffers took were sent, the rest dropped.
    expect(camera.counters.sent + camera.counters.dropped).toBeGreaterThanOrEqual(89);
    expect(camera.counters.dropped).toBeGreaterThan(60);
    expect(camera.counters.maxQueued).toBeLessThanOrEqual(imageBytes);
  });
});
