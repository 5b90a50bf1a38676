import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../console/files';
import { RobotConsole } from '../console/RobotConsole';
import { ScriptedRobot } from '../console/testing/ScriptedRobot';
import { sampleRobotSpec } from '../console/testing/sampleRobot';
import type { BridgeEvents } from '../../ipc/messages';
import type { ConsoleProvider, ProviderHost } from './ConsoleProvider';
import { HostSession } from './HostSession';
import { MemoryLayoutStore } from './LayoutStore';
import { RemoteRobotProvider } from '../providers/remote/RemoteRobotProvider';

/** A provider with one scripted robot and a `hello` command, standing in for the simulator. */
class ScriptedProvider implements ConsoleProvider {
  readonly robot = new RobotConsole('nao1', new ScriptedRobot(sampleRobotSpec()));
  private host: ProviderHost | undefined;
  start(host: ProviderHost): void {
    this.host = host;
    host.controller.commands.register([
      {
        name: 'hello',
        scope: 'global',
        usage: 'hello <who>',
        summary: 'Greets.',
        run: (args) => host.print(`hello ${args.rawRest()}`),
      },
    ]);
    this.robot.endOfStartScript();
    host.addRobot({ console: this.robot, kind: 'simulated' });
  }
  async dispose(): Promise<void> {}
}

function makeSession(providers: ConsoleProvider[]): HostSession {
  return new HostSession({
    mode: 'browser',
    files: new MemoryFiles(),
    layouts: new MemoryLayoutStore(),
    providers,
    scene: 'test',
    emptyNotice: 'empty',
  });
}

/** Collects every event of a connection. */
function connect(session: HostSession) {
  const events: { channel: keyof BridgeEvents; payload: unknown }[] = [];
  const connection = session.connect((channel, payload) => events.push({ channel, payload }));
  return {
    connection,
    events,
    output: () =>
      events.filter((e) => e.channel === 'pitchside:console.output').map((e) => (e.payload as { text: string }).text),
  };
}

let session: HostSession | undefined;
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

describe('HostSession', () => {
  it('runs console lines and reports an empty robot list with its notice', async () => {
    session = makeSession([]);
    const { connection, output } = connect(session);
    await connection.request('pitchside:console.run', { line: 'echo hello  world' });
    await connection.request('pitchside:console.run', { line: 'dr representation:BallModel' });
    expect(output()).toEqual(['hello world', 'No robot selected!']);
    expect(await connection.request('pitchside:robots.list', {})).toEqual({ robots: [], selection: [] });
    expect(await connection.request('pitchside:session.info', {})).toMatchObject({
      mode: 'browser',
      scene: 'test',
      notice: 'empty',
    });
  });

  it('keeps what the console showed for pages that connect later, until cls', async () => {
    session = makeSession([]);
    const first = connect(session);
    await first.connection.request('pitchside:console.run', { line: 'echo hello' });
    await first.connection.request('pitchside:console.runScript', { name: 'start.con', text: 'echo from a script' });
    // A reload: a new connection starts from the kept lines, commands marked, numbered in order.
    const info = await connect(session).connection.request('pitchside:session.info', {});
    expect(info.console).toEqual([
      { text: 'echo hello', kind: 'command', seq: 1 },
      { text: 'hello', seq: 2 },
      { text: 'run script start.con', kind: 'command', seq: 3 },
      { text: 'from a script', seq: 4 },
    ]);
    // Live lines carry the same numbers, so a page merges both without doubling a line.
    expect(first.events.filter((e) => e.channel === 'pitchside:console.output').map((e) => e.payload)).toEqual([
      { text: 'hello', seq: 2 },
      { text: 'from a script', seq: 4 },
    ]);
    await first.connection.request('pitchside:console.run', { line: 'cls' });
    expect((await first.connection.request('pitchside:session.info', {})).console).toEqual([]);
  });

  it('routes provider commands and lists provider robots', async () => {
    session = makeSession([new ScriptedProvider()]);
    const { connection, output } = connect(session);
    await connection.request('pitchside:console.run', { line: 'hello there' });
    expect(output()).toContain('hello there');
    const list = await connection.request('pitchside:robots.list', {});
    expect(list).toEqual({ robots: [{ name: 'nao1', kind: 'simulated', state: 'connected' }], selection: ['nao1'] });
    expect(await connection.request('pitchside:session.info', {})).not.toHaveProperty('notice');
  });

  it('offers completion names from the polled robot', async () => {
    const provider = new ScriptedProvider();
    session = makeSession([provider]);
    const { connection } = connect(session);
    provider.robot.poll();
    for (let i = 0; i < 20; i++) session.controller.update();
    const set = await connection.request('pitchside:console.completions', {});
    expect(set.commands).toEqual(expect.arrayContaining(['call', 'dr', 'echo', 'get', 'hello', 'robot', 'vfd']));
    expect(set.debugRequests).toContain('representation:BallModel');
    expect(set.debugDataKeys).toContain('module:BallLocator');
    expect(set.modules).toEqual(expect.arrayContaining(['BallLocator', 'OracleBallLocator']));
    expect(set.representations).toContain('BallModel');
    expect(set.threads).toEqual(['Cognition', 'Motion', 'Upper']);
    expect(set.fieldDrawings).toContain('representation:BallModel');
    expect(set.robots).toEqual(['nao1']);
  });

  it('runs scripts line by line and validates requests', async () => {
    session = makeSession([]);
    const { connection, output } = connect(session);
    expect(
      await connection.request('pitchside:console.runScript', {
        name: 'a.con',
        text: '# comment\necho one\r\n\necho two\n',
      }),
    ).toEqual({ lines: 3 });
    expect(output()).toEqual(['one', 'two']);
    await expect(connection.request('pitchside:console.run', { line: 5 } as never)).rejects.toThrow(
      /line must be string/,
    );
    await expect(connection.request('pitchside:data.subscribe', { robot: 'ghost', stream: 'text' })).rejects.toThrow(
      /No robot/,
    );
    await expect(
      connection.request('pitchside:data.subscribe', { robot: 'x', stream: 'video' as never }),
    ).rejects.toThrow(/stream must be one of/);
  });

  it("dispatches a channel to the provider that answers it, in place of the session's own", async () => {
    const opened: string[] = [];
    const opener: ConsoleProvider = {
      start: () => {},
      dispose: async () => {},
      handlers: {
        'pitchside:scene.open': ({ file }) => {
          opened.push(file);
          return { scene: 'Other' };
        },
      },
    };
    session = makeSession([]);
    await expect(connect(session).connection.request('pitchside:scene.open', { file: 'a.ros3' })).rejects.toThrow(
      /simulates no scene/,
    );
    await session.dispose();
    session = makeSession([opener]);
    expect(await connect(session).connection.request('pitchside:scene.open', { file: 'a.ros3' })).toEqual({
      scene: 'Other',
    });
    expect(opened).toEqual(['a.ros3']);
    expect(() => makeSession([opener, { ...opener }])).toThrow('Two providers answer pitchside:scene.open');
    await expect(connect(session).connection.request('pitchside:sim.scene', {})).rejects.toThrow(
      'Nothing in this session answers pitchside:sim.scene',
    );
  });

  it('saves and loads layouts per scene', async () => {
    session = makeSession([]);
    const { connection } = connect(session);
    expect(await connection.request('pitchside:layout.load', { scene: 'A' })).toEqual({});
    await connection.request('pitchside:layout.save', { scene: 'A', layout: { grid: 1 } });
    expect(await connection.request('pitchside:layout.load', { scene: 'A' })).toEqual({ layout: { grid: 1 } });
  });

  it('explains sc usage, reports a robot that cannot be reached and removes it again', async () => {
    session = makeSession([new RemoteRobotProvider({ connectTimeoutMs: 200 })]);
    const { connection, output, events } = connect(session);
    await connection.request('pitchside:console.run', { line: 'sc' });
    await connection.request('pitchside:console.run', { line: 'sc robot1' });
    await connection.request('pitchside:console.run', { line: 'sc robot1 127.0.0.1:1' });
    await expect.poll(() => output().some((t) => t.startsWith('Error: no connection to 127.0.0.1:1'))).toBe(true);
    expect(output()[0]).toMatch(/^Syntax Error: sc <name>/);
    expect(output()[1]).toMatch(/not supported yet/);
    const lists = events
      .filter((e) => e.channel === 'pitchside:robots.changed')
      .map((e) => e.payload as { robots: { name: string; kind: string }[] });
    // Listed while connecting, gone once the attempt failed: a dead robot must not take the following commands.
    expect(lists.some((l) => l.robots[0]?.name === 'robot1' && l.robots[0]?.kind === 'remote')).toBe(true);
    await expect.poll(async () => (await connection.request('pitchside:robots.list', {})).robots).toEqual([]);
    await connection.request('pitchside:console.run', { line: 'dr representation:BallModel' });
    expect(output().at(-1)).toBe('No robot selected!');
  });
});
