import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRobot, startStandIn, type Child } from './testing/processes';

const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill('SIGKILL');
});

const json = (line: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

describe('standalone robot on a LoLA stand-in', () => {
  it('runs Motion at LoLA rate, writes well-formed joint requests, and exits cleanly when LoLA dies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-lola-'));
    const socket = path.join(dir, 'robocup');
    const standIn = startStandIn(socket);
    children.push(standIn);
    await standIn.waitFor((l) => json(l)?.type === 'listening', 10_000);
    const robot = startRobot(socket);
    children.push(robot);
    await robot.waitFor((l) => l.startsWith('robot '), 30_000);

    // Steady state: one actuator packet per sensor packet, so Motion runs at LoLA's rate, whatever it is. The
    // stand-in's own timer sets the pace (83.3 Hz nominal, far less on a loaded machine), so the packets are counted,
    // not timed.
    const first = json(await standIn.waitFor((l) => json(l)?.type === 'actuators', 10_000))!;
    const later = json(
      await standIn.waitFor(
        (l) => json(l)?.type === 'actuators' && (json(l)!.received as number) >= (first.received as number) + 100,
        10_000,
      ),
    )!;
    const sentDelta = (later.sent as number) - (first.sent as number);
    const receivedDelta = (later.received as number) - (first.received as number);
    // The robot's backlog at either end of the window may differ by a few packets.
    expect(receivedDelta / sentDelta).toBeGreaterThan(0.9);
    expect(receivedDelta / sentDelta).toBeLessThan(1.1);
    const reports = standIn.lines.map(json).filter((r) => r?.type === 'actuators');
    expect(reports.flatMap((r) => r!.problems as string[])).toEqual([]);
    expect((later.position as number[]).length).toBe(25);
    expect((later.stiffness as number[]).every((s) => s >= 0 && s <= 1)).toBe(true);
    // Joints the behaviour leaves off hold their measured position (LoLA index i sits at i / 100 rad).
    const position = later.position as number[];
    const stiffness = later.stiffness as number[];
    for (let i = 0; i < 25; i++) if (stiffness[i] === 0) expect(position[i]).toBeCloseTo(i / 100, 2);
    expect(robot.lines.join('\n')).toMatch(/robot Nao\/Nao running threads/);

    standIn.process.kill('SIGKILL');
    const code = await Promise.race([robot.exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(code).toBe(0);
    expect(robot.lines.join('\n')).toMatch(/LoLA link lost/);
    expect(robot.lines.join('\n')).not.toMatch(/Error:|at .*\.ts:\d+/);
  }, 60_000);
});
