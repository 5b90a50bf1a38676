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
  it('runs Motion on LoLA packets, writes well-formed joint requests, and exits cleanly when LoLA dies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-lola-'));
    const socket = path.join(dir, 'robocup');
    const standIn = startStandIn(socket);
    children.push(standIn);
    await standIn.waitFor((l) => json(l)?.type === 'listening', 60_000);
    const robot = startRobot(socket);
    children.push(robot);
    await robot.waitFor((l) => l.startsWith('robot '), 120_000);

    // Motion answers each of its frames with one actuator packet, on the newest sensor packet: on an idle machine
    // one frame per packet (83.3 Hz), on a loaded one packets that arrive together make one frame, and a stand-in
    // starved for 100 ms makes a frame on old data. No ratio holds on every machine, so the test counts: the robot
    // kept answering (100 more actuator packets), each one well-formed.
    const first = json(await standIn.waitFor((l) => json(l)?.type === 'actuators', 60_000))!;
    const later = json(
      await standIn.waitFor(
        (l) => json(l)?.type === 'actuators' && (json(l)!.received as number) >= (first.received as number) + 100,
        30_000,
      ),
    )!;
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
    const code = await Promise.race([robot.exited, new Promise((r) => setTimeout(() => r('timeout'), 60_000))]);
    expect(code).toBe(0);
    expect(robot.lines.join('\n')).toMatch(/LoLA link lost/);
    expect(robot.lines.join('\n')).not.toMatch(/Error:|at .*\.ts:\d+/);
  });
});
