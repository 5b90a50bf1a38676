// End to end, with real processes: `npm run robot` (worker threads, minimal body, TCP debug link) and
// `npm run console` talking to it. Every step is what a user would type; the output is what they would see.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTyped } from '@robot-runtime/protocol/configMap';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { MotionRequest } from '@robot-runtime/representations/MotionControl/MotionRequest';

const root = path.resolve(import.meta.dirname, '../../..');
let robot: ChildProcess;
let port = 0;
let robotLog = '';

function npm(args: string[]): ChildProcess {
  return spawn('npm', ['run', '--silent', ...args], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Runs `npm run console -- 127.0.0.1:<port> …args` to completion; returns stdout and stderr. */
function consoleRun(...args: string[]): Promise<{ out: string; err: string; code: number | null }> {
  const child = npm(['console', '--', `127.0.0.1:${port}`, ...args]);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ out, err, code })));
}

function lines(text: string, prefix: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(prefix));
}

/** The config-map part of a streamed line `[Thread] Name <map>`. */
function mapOf(line: string, prefix: string): string {
  return line.slice(prefix.length).trim();
}

beforeAll(async () => {
  robot = npm(['robot', '--', '--port', '0', '--address', '127.0.0.1']);
  robot.stderr!.on('data', (d: Buffer) => (robotLog += d.toString()));
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`robot did not start:\n${robotLog}`)), 100_000);
    robot.stdout!.on('data', (d: Buffer) => {
      robotLog += d.toString();
      const m = /debug link on [\d.]+:(\d+)/.exec(robotLog);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
});

afterAll(() => killTree(robot));

describe('npm run robot + npm run console', () => {
  it('polls the debug requests', async () => {
    const { out, code } = await consoleRun('poll', 'dr ? representation:');
    expect(code).toBe(0);
    expect(out).toContain('representation:BallModel');
    expect(out).toContain('debugData:representation:MotionRequest');
    expect(out).toContain('debugDrawing:representation:BallModel');
  });

  it('streams BallModel frames decoded through the TypeInfo received on the link', async () => {
    const { out } = await consoleRun('--wait', '700', 'dr representation:BallModel');
    const prefix = '[Cognition] BallModel ';
    const frames = lines(out, prefix);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    // The text was produced from TypeInfo alone; it must read back as a valid BallModel record.
    const parsed = parseTyped(BallModel, mapOf(frames.at(-1)!, prefix), 'stream');
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(parsed.value.estimate.radius).toBe(50);
  });

  it('gets, sets and releases MotionRequest', async () => {
    const got = await consoleRun('get representation:MotionRequest');
    const setLine = lines(got.out, 'set representation:MotionRequest ')[0]!;
    expect(setLine).toBeDefined();
    expect(
      parseTyped(MotionRequest, mapOf(setLine, 'set representation:MotionRequest '), 'get').diagnostics.filter(
        (d) => d.severity === 'error',
      ),
    ).toEqual([]);
    expect(setLine).not.toContain('motion = playDead');

    const prefix = '[Cognition] MotionRequest ';
    const set = await consoleRun(
      '--wait',
      '500',
      'get representation:MotionRequest',
      'set representation:MotionRequest motion = playDead;',
      'dr representation:MotionRequest',
    );
    const overridden = lines(set.out, prefix);
    expect(overridden.length).toBeGreaterThanOrEqual(2);
    // The frames after the set show the override (the first may predate it).
    expect(overridden.slice(1).every((l) => l.includes('motion = playDead'))).toBe(true);

    const released = await consoleRun(
      '--wait',
      '500',
      'set representation:MotionRequest unchanged',
      'dr representation:MotionRequest',
    );
    const after = lines(released.out, prefix);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.at(-1)).not.toContain('motion = playDead');
  });

  it('refuses mr BallModel off and names who would lack it', async () => {
    const { out } = await consoleRun('mr BallModel off');
    expect(out).toMatch(/BehaviorControl in Cognition (uses|requires) BallModel, which nobody provides/);
  });

  it('dr timing yields a stopwatch for every provider', async () => {
    const { out } = await consoleRun('--wait', '2000', 'dr timing');
    const seen = new Set<string>();
    for (const line of out.split('\n')) {
      const m = /^\[(\w+)\] timing (.*)$/.exec(line);
      if (m) for (const entry of m[2]!.split(' ')) seen.add(`${m[1]}:${entry.split('=')[0]}`);
    }
    const expected = {
      Upper: [
        'FrameInfo',
        'CameraInfo',
        'GroundTruthWorldState',
        'CameraMatrix',
        'BallPercept',
        'LandmarkPercept',
        'AllModules',
      ],
      Cognition: [
        'FrameInfo',
        'GameControllerData',
        'GameState',
        'BallModel',
        'RobotPose',
        'MotionRequest',
        'BehaviorStatus',
        'AllModules',
      ],
      Motion: [
        'FrameInfo',
        'JointSensorData',
        'InertialData',
        'JointRequest',
        'OdometryData',
        'MotionInfo',
        'AllModules',
      ],
    };
    for (const [thread, names] of Object.entries(expected))
      for (const n of names) expect(seen, `${thread}:${n}`).toContain(`${thread}:${n}`);
  });

  it('survives a killed console, garbage on the link and unknown commands', async () => {
    const streaming = npm(['console', '--', `127.0.0.1:${port}`, '--wait', '30000', 'dr representation:FrameInfo']);
    let streamed = '';
    await new Promise<void>((resolve, reject) => {
      streaming.stdout!.on('data', (d: Buffer) => (streamed += d.toString()).includes('FrameInfo') && resolve());
      streaming.on('exit', (code) => reject(new Error(`console exited (${code}) before streaming: ${streamed}`)));
    });
    killTree(streaming, 'SIGKILL');

    for (const garbage of [
      Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3]),
      Buffer.from([12, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0x60, 9, 0, 0]),
    ]) {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) =>
        socket.on('connect', () => socket.write(garbage, () => setTimeout(resolve, 100))),
      );
      socket.destroy();
    }

    const { out } = await consoleRun('--wait', '300', 'frobnicate now', 'dr representation:FrameInfo');
    expect(out).toMatch(/frobnicate/);
    expect(lines(out, '[Motion] FrameInfo ').length).toBeGreaterThan(0);
    expect(robot.exitCode).toBeNull();
  });
});
