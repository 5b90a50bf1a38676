import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../console/files';
import { RobotConsole } from '../../console/RobotConsole';
import { sampleRobotSpec } from '../../console/testing/sampleRobot';
import { ScriptedRobot } from '../../console/testing/ScriptedRobot';
import { CONFIG_ROOT } from '../../log/testing/InProcessRobot';
import { DEMO_ANNOTATIONS, writeDemoLog } from '../../log/testing/demoLog';
import type { LogPlayersState, PlaybackAction } from '@app/ipc/logPlayer';
import type { ConsoleProvider } from '../../session/ConsoleProvider';
import { HostSession } from '../../session/HostSession';
import { MemoryLayoutStore } from '../../session/LayoutStore';
import { LogProvider } from './LogProvider';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-logprovider-'));
const file = path.join(dir, 'demo log.log');
const index = writeDemoLog(file, 100);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let session: HostSession | undefined;
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

function start(others: ConsoleProvider[] = []) {
  let clock = 0;
  const provider = new LogProvider({ configRoot: CONFIG_ROOT, files: new MemoryFiles(), now: () => clock });
  session = new HostSession({
    mode: 'browser',
    files: new MemoryFiles(),
    layouts: new MemoryLayoutStore(),
    providers: [...others, provider],
    scene: 'test',
  });
  const events: LogPlayersState[] = [];
  const output: string[] = [];
  const connection = session.connect((channel, payload) => {
    if (channel === 'pitchside:log.state') events.push(payload as LogPlayersState);
    if (channel === 'pitchside:console.output') output.push((payload as { text: string }).text);
  });
  const s = session;
  /** One host tick `ms` later. */
  const tick = (ms = 10) => {
    clock += ms;
    provider.update();
    s.controller.update();
  };
  return { provider, connection, events, output, tick };
}

describe('LogProvider', () => {
  it('gives every robot of the session the log command, so it can be recorded', async () => {
    const robot = new RobotConsole('nao1', new ScriptedRobot(sampleRobotSpec()));
    const { connection, output } = start([
      { start: (host) => host.addRobot({ console: robot, kind: 'remote' }), dispose: async () => {} },
    ]);
    await connection.request('pitchside:robot.run', { robot: 'nao1', line: 'log ?' });
    expect(output.at(-1)).toMatch(/total/);
  });

  it('opens a log with sl (a quoted path), lists it as a log robot and streams its playback state', async () => {
    const { connection, events, tick } = start();
    await connection.request('pitchside:console.run', { line: `sl replay "${file}"` });
    expect((await connection.request('pitchside:robots.list', {})).robots).toEqual([
      { name: 'replay', kind: 'log', state: 'connected' },
    ]);
    const { players } = await connection.request('pitchside:log.players', {});
    expect(players).toHaveLength(1);
    expect(players[0]).toMatchObject({
      robot: 'replay',
      file: 'demo log.log',
      frameCount: index.frameOffsets.length,
      threads: ['Upper', 'Lower', 'Cognition', 'Motion'],
    });
    await connection.request('pitchside:robot.run', { robot: 'replay', line: 'log goto 50' });
    tick(100);
    expect(events.at(-1)!.players[0]).toMatchObject({ current: 50, state: 'paused' });
  });

  it('plays, seeks, steps and sets speed and loop through typed calls, as the log commands do', async () => {
    const { connection } = start();
    await connection.request('pitchside:console.run', { line: `sl replay "${file}"` });
    const control = (action: PlaybackAction) =>
      connection.request('pitchside:log.control', { robot: 'replay', action });
    expect(await control({ kind: 'stop' })).toMatchObject({ state: 'stopped', current: -1 });
    expect(await control({ kind: 'seek', frame: 300 })).toMatchObject({ state: 'paused', current: 300 });
    expect(await control({ kind: 'step', frames: 1 })).toMatchObject({ current: 301 });
    expect(await control({ kind: 'step', frames: -100 })).toMatchObject({ current: 201 });
    // Image frames are the first two of every 6-frame cycle.
    expect(await control({ kind: 'stepImage', direction: 1 })).toMatchObject({ current: 204, image: true });
    expect(await control({ kind: 'stepImage', direction: -1 })).toMatchObject({ current: 199, image: true });
    expect(await control({ kind: 'speed', speed: 'max' })).toMatchObject({ speed: 'max' });
    expect(await control({ kind: 'speed', speed: 50 })).toMatchObject({ speed: 10 });
    expect(await control({ kind: 'loop', loop: true })).toMatchObject({ loop: true });
    expect(await control({ kind: 'play' })).toMatchObject({ state: 'playing' });
    expect(await control({ kind: 'pause' })).toMatchObject({ state: 'paused' });
    await expect(
      connection.request('pitchside:log.control', { robot: 'replay', action: { kind: 'seek', frame: -1 } as never }),
    ).rejects.toThrow(/action\.frame must be >= 0/);
    await expect(
      connection.request('pitchside:log.control', { robot: 'replay', action: { kind: 'fly' } as never }),
    ).rejects.toThrow(/action\.kind "fly" is not one of the known kinds/);
    await expect(
      control({ kind: 'play' }).then(() =>
        connection.request('pitchside:log.control', { robot: 'ghost', action: { kind: 'play' } }),
      ),
    ).rejects.toThrow(/not a replayed log/);
  });

  it('answers the timeline: game-state changes and annotations with their frames', async () => {
    const { connection } = start();
    await connection.request('pitchside:console.run', { line: `sl replay "${file}"` });
    const timeline = await connection.request('pitchside:log.timeline', { robot: 'replay' });
    expect(timeline.annotations.map((a) => a.name)).toEqual(DEMO_ANNOTATIONS.map((a) => a.name));
    // Cognition is the third frame of each 6-frame cycle.
    expect(timeline.annotations[0]).toMatchObject({ frame: DEMO_ANNOTATIONS[0]!.cycle * 6 + 2, thread: 'Cognition' });
    expect(timeline.markers.filter((m) => m.kind === 'gameState').map((m) => m.label)).toEqual([
      'initial',
      'ready',
      'set',
      'playing',
    ]);
    await expect(connection.request('pitchside:log.timeline', { robot: 'nobody' })).rejects.toThrow(
      /not a replayed log/,
    );
  });

  it('stops on a matching annotation while playing at maximum speed', async () => {
    const { connection, tick } = start();
    await connection.request('pitchside:console.run', { line: `sl replay "${file}"` });
    await connection.request('pitchside:log.stopOnAnnotation', {
      robot: 'replay',
      enabled: true,
      filter: 'fell',
      regex: false,
    });
    await connection.request('pitchside:robot.run', { robot: 'replay', line: 'log stop' });
    await connection.request('pitchside:robot.run', { robot: 'replay', line: 'log speed max' });
    await connection.request('pitchside:robot.run', { robot: 'replay', line: 'log start' });
    for (let i = 0; i < 50; i++) tick();
    const fall = DEMO_ANNOTATIONS.find((a) => a.name === 'Fall')!;
    expect((await connection.request('pitchside:log.players', {})).players[0]).toMatchObject({
      state: 'paused',
      current: fall.cycle * 6 + 2,
    });
    await expect(
      connection.request('pitchside:log.stopOnAnnotation', {
        robot: 'replay',
        enabled: true,
        filter: 'x'.repeat(500),
        regex: false,
      }),
    ).rejects.toThrow(/Bad request/);
  });
});
