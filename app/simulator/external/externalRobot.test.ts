import { afterEach, describe, expect, it } from 'vitest';
import { runHeadless } from '../simulation/headless';
import { serveOneNao, startPythonRobot, type Served } from './testing/externalTestSupport';

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('external robots: a foreign program drives a simulated NAO through LoLA and the image streams', () => {
  it('a Python robot stands for 10 s in lock-step, answers every cycle and gets 30 images per camera', async () => {
    const served = await serveOneNao({ lockStep: true });
    open.push(served);
    const { sim, boundary, lines } = served;
    const cycles = Math.ceil(10_000 / 12);
    const done = startPythonRobot(boundary, cycles);
    expect(await boundary.waitForPrograms(120_000)).toEqual([]);
    // The Python program connects its image readers right after LoLA; let them arrive before the first image.
    while (!boundary.robots[0]!.cameras.every((c) => c.hasReaders)) await new Promise((r) => setTimeout(r, 10));
    await runHeadless(sim, { duration: 10, speed: 'max', startGame: false, afterStep: () => boundary.answers() });
    const { report, code, err } = await done;
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(report!.problems).toEqual([]);
    expect(report!.maps).toBe(cycles);
    expect(report!.answered).toBe(cycles);
    // The NAO V6's sensor map: its keys and sizes.
    expect(report!.keys).toEqual([
      'RobotConfig',
      'Accelerometer',
      'Angles',
      'Battery',
      'Current',
      'FSR',
      'Gyroscope',
      'Position',
      'Sonar',
      'Stiffness',
      'Temperature',
      'Touch',
      'Status',
    ]);
    expect(report!.sizes).toMatchObject({ Position: 25, Stiffness: 25, FSR: 8, Touch: 14, Status: 25, Angles: 2 });
    const robot = boundary.robots[0]!;
    expect(robot.received).toBeGreaterThanOrEqual(cycles);
    expect(robot.silent).toBe(false);
    const cams = sim.scene.robots[0]!.model.cameras;
    for (const camera of ['0', '1']) {
      const images = report!.images![camera]!;
      expect(images.bad).toBe(0);
      expect(images.count).toBeGreaterThanOrEqual(30);
      expect(images.sizes).toEqual([[cams[Number(camera)]!.imageWidth, cams[Number(camera)]!.imageHeight]]);
    }
    // Ticks are LoLA cycles: 30 Hz images come every 2 or 3 cycles of 12 ms.
    const gaps = report!.ticks.slice(1).map((t, i) => t - report!.ticks[i]!);
    for (const g of gaps) expect([2, 3]).toContain(g);
    // It stood: upright, the torso at standing height.
    const truth = sim.worldState.robots.find((r) => r.name === 'robot1')!;
    expect(truth.fallen).toBe(false);
    expect(truth.falls).toBe(0);
    // Only the program's own exit after its cycles is reported.
    expect(lines.filter((l) => !/connected|program gone/.test(l))).toEqual([]);
  });
});
