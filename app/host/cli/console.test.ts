import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { DebugLinkServer } from '@robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import { OutBinary } from '@robot-runtime/protocol/binary';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { encodeWithTypeInfo } from '@robot-runtime/protocol/typeInfo/generic';
import { frame, ScriptedRobot } from '../console/testing/ScriptedRobot';
import { sampleRobotSpec, sampleTypeInfo } from '../console/testing/sampleRobot';
import { formatStreamed, parseConsoleArgs, runConsole } from './console';
import { UsageError } from '@robot-runtime/hosts/robot/commandLine';

describe('parseConsoleArgs', () => {
  it('reads host, port, options and commands', () => {
    expect(parseConsoleArgs(['robot.local:10000', '--wait', '250', 'dr ?', 'get ?'])).toEqual({
      host: 'robot.local',
      port: 10000,
      commands: ['dr ?', 'get ?'],
      stay: false,
      waitMs: 250,
      connectTimeoutMs: 3000,
      quiet: false,
    });
    expect(parseConsoleArgs(['10.0.0.5', '--stay'])).toMatchObject({
      host: '10.0.0.5',
      port: 9999,
      commands: [],
      stay: true,
    });
    expect(parseConsoleArgs(['[::1]:9000'])).toMatchObject({ host: '::1', port: 9000 });
  });

  it('takes a single .con argument as a script', () => {
    expect(parseConsoleArgs(['localhost', 'x.con'], () => true)).toMatchObject({ script: 'x.con', commands: [] });
    expect(() => parseConsoleArgs(['localhost', 'x.con'], () => false)).toThrow('Script not found: x.con');
  });

  it('rejects bad input with a message', () => {
    expect(() => parseConsoleArgs([])).toThrow(UsageError);
    expect(() => parseConsoleArgs(['host', '--wait', 'soon'])).toThrow(/--wait/);
    expect(() => parseConsoleArgs(['host:0'])).toThrow("Bad port in 'host:0'");
    expect(() => parseConsoleArgs(['host', '--loud'])).toThrow(UsageError);
    expect(parseConsoleArgs(['host', '--quiet', 'log start'])).toMatchObject({ quiet: true, commands: ['log start'] });
  });

  it('formats streamed representations greppably', () => {
    expect(formatStreamed('Cognition', 'BallModel', 'a = 1;')).toBe('[Cognition] BallModel a = 1;');
  });
});

describe('runConsole over TCP', () => {
  let server: DebugLinkServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('fails clearly when no robot listens', async () => {
    const err: string[] = [];
    const code = await runConsole(
      { host: '127.0.0.1', port: 1, commands: ['dr ?'], stay: false, waitMs: 0, connectTimeoutMs: 200 },
      { out: () => {}, err: (l) => err.push(l) },
    );
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^Error: No connection to 127\.0\.0\.1:1 established/);
  });

  it('polls a robot, runs the commands and prints streamed frames', async () => {
    const robot = new ScriptedRobot(sampleRobotSpec());
    server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
    let streaming = false;
    const ball = new OutBinary();
    encodeWithTypeInfo(
      sampleTypeInfo(),
      'BallModel',
      { position: { x: 5, y: 6 }, velocity: { x: 0, y: 0 }, seenPercentage: 1, quality: 'good' },
      ball,
    );
    server.on('queue', ({ messages }) => {
      robot.send(messages);
      if (robot.requestLog().includes('representation:BallModel=on')) streaming = true;
      const out = robot.receive();
      if (streaming) out.push(...frame('Cognition', [{ id: MessageID.idBallModel, payload: ball.toBytes() }]));
      server!.send(serializeQueue(out));
    });
    const address = await server.start();
    const out: string[] = [];
    const code = await runConsole(
      {
        host: '127.0.0.1',
        port: address.port,
        commands: ['dr representation:BallModel', 'get module:BallLocator'],
        stay: false,
        waitMs: 100,
        connectTimeoutMs: 60_000,
      },
      { out: (l) => out.push(l), err: (l) => out.push(`ERR ${l}`) },
    );
    expect(code).toBe(0);
    expect(out).toContain(
      'set module:BallLocator maxDistance = 4500; aimTolerance = 6deg; qualities = [good, bad]; label = "two words";',
    );
    expect(out).toContain(
      '[Cognition] BallModel position = {x = 5; y = 6;}; velocity = {x = 0; y = 0;}; seenPercentage = 1; quality = good;',
    );
    expect(out.filter((l) => l.startsWith('ERR'))).toEqual([]);
  });

  it('--quiet prints no streamed data; an unknown command makes the exit code 1', async () => {
    const robot = new ScriptedRobot(sampleRobotSpec());
    server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
    const ball = new OutBinary();
    encodeWithTypeInfo(
      sampleTypeInfo(),
      'BallModel',
      { position: { x: 5, y: 6 }, velocity: { x: 0, y: 0 }, seenPercentage: 1, quality: 'good' },
      ball,
    );
    server.on('queue', ({ messages }) => {
      robot.send(messages);
      const out = robot.receive();
      if (robot.requestLog().includes('representation:BallModel=on'))
        out.push(...frame('Cognition', [{ id: MessageID.idBallModel, payload: ball.toBytes() }]));
      server!.send(serializeQueue(out));
    });
    const address = await server.start();
    const out: string[] = [];
    const code = await runConsole(
      {
        host: '127.0.0.1',
        port: address.port,
        commands: ['dr representation:BallModel', 'nonsense'],
        stay: false,
        waitMs: 100,
        connectTimeoutMs: 60_000,
        quiet: true,
      },
      { out: (l) => out.push(l), err: (l) => out.push(`ERR ${l}`) },
    );
    expect(code).toBe(1);
    expect(out.filter((l) => l.startsWith('[Cognition]'))).toEqual([]);
    expect(out.join('\n')).toMatch(/nonsense/);
  });

  it('a piped unknown command makes the exit code 1, as an argument does (issue 41, finding 8)', async () => {
    const robot = new ScriptedRobot(sampleRobotSpec());
    server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
    server.on('queue', ({ messages }) => {
      robot.send(messages);
      server!.send(serializeQueue(robot.receive()));
    });
    const address = await server.start();
    const run = async (lines: string[]) => {
      const out: string[] = [];
      const code = await runConsole(
        { host: '127.0.0.1', port: address.port, commands: [], stay: false, waitMs: 0, connectTimeoutMs: 60_000 },
        { out: (l) => out.push(l), err: (l) => out.push(`ERR ${l}`), input: Readable.from([lines.join('\n') + '\n']) },
      );
      return { code, out };
    };
    // `echo xyzzy | npm run console -- <robot>` exited 0.
    const piped = await run(['xyzzy']);
    expect(piped.out.join('\n')).toMatch(/xyzzy/);
    expect(piped.code).toBe(1);
    expect((await run(['dr ?'])).code).toBe(0);
  });

  it('saves the recording and says where when the robot dies (finding 9)', async () => {
    const robot = new ScriptedRobot(sampleRobotSpec());
    server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
    const ball = new OutBinary();
    encodeWithTypeInfo(
      sampleTypeInfo(),
      'BallModel',
      { position: { x: 5, y: 6 }, velocity: { x: 0, y: 0 }, seenPercentage: 1, quality: 'good' },
      ball,
    );
    let framesSent = 0;
    server.on('queue', ({ messages }) => {
      robot.send(messages);
      server!.send(serializeQueue(robot.receive()));
    });
    // The robot's Cognition thread: a frame every 10 ms while requested, until the robot dies mid-recording.
    const cognition = setInterval(() => {
      if (!robot.requestLog().includes('representation:BallModel=on')) return;
      server!.send(serializeQueue(frame('Cognition', [{ id: MessageID.idBallModel, payload: ball.toBytes() }])));
      if (++framesSent === 50) {
        clearInterval(cognition);
        void server!.stop();
      }
    }, 10);
    const address = await server.start();
    const configRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-cli-log-'));
    const out: string[] = [];
    const code = await runConsole(
      {
        host: '127.0.0.1',
        port: address.port,
        commands: ['dr representation:BallModel', 'log start'],
        stay: false,
        waitMs: 20_000,
        connectTimeoutMs: 60_000,
        configRoot,
      },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    expect(code).toBe(1);
    const saved = out.map((l) => /^Saved (\d+) frames to (.+)$/.exec(l)).find((m) => m);
    expect(saved, out.join('\n')).toBeDefined();
    expect(Number(saved![1])).toBeGreaterThan(0);
    expect(saved![2]!.startsWith(path.join(configRoot, 'Logs'))).toBe(true);
    const log = openLog(new MemorySource(fs.readFileSync(saved![2]!)));
    expect(log.index.frameOffsets.length).toBe(Number(saved![1]));
  });
});
