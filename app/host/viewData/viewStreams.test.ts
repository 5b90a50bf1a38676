import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../console/files';
import { RobotConsole } from '../console/RobotConsole';
import { ScriptedRobot } from '../console/testing/ScriptedRobot';
import { sampleRobotSpec } from '../console/testing/sampleRobot';
import type { StreamEvent } from '../../ipc/messages';
import type { ViewList } from '../../ipc/viewData';
import type { ConsoleProvider, ProviderHost } from '../session/ConsoleProvider';
import { HostSession } from '../session/HostSession';
import { MemoryLayoutStore } from '../session/LayoutStore';

/** One scripted robot called nao1. */
function provider(): ConsoleProvider & { robot: RobotConsole } {
  const robot = new RobotConsole('nao1', new ScriptedRobot(sampleRobotSpec()));
  return {
    robot,
    start(host: ProviderHost) {
      robot.endOfStartScript();
      host.addRobot({ console: robot, kind: 'simulated' });
    },
    async dispose() {},
  };
}

let session: HostSession;
let events: { channel: string; payload: unknown }[];
let connection: ReturnType<HostSession['connect']>;
let robot: RobotConsole;

/** Ticks the session until `done`; the limit (60 s) only ends a hung run. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 6000 && !done(); i++) {
    session.controller.update();
    await new Promise((r) => setTimeout(r, 10));
  }
}

const streamItems = (subscription: string) =>
  events
    .filter((e) => e.channel === 'pitchside:data.event' && (e.payload as StreamEvent).subscription === subscription)
    .map((e) => (e.payload as StreamEvent).data);

beforeEach(() => {
  const p = provider();
  robot = p.robot;
  session = new HostSession({
    mode: 'browser',
    files: new MemoryFiles(),
    layouts: new MemoryLayoutStore(),
    providers: [p],
    scene: 'test',
  });
  events = [];
  connection = session.connect((channel, payload) => events.push({ channel, payload }));
});
afterEach(async () => {
  connection.close();
  await session.dispose();
});

describe('view-data channels', () => {
  it('lists the views of each robot and runs lines in one robot only', async () => {
    await until(() => !robot.polling && robot.model.moduleTable !== undefined);
    await connection.request('pitchside:robot.run', { robot: 'nao1', line: 'vf worldState' });
    await connection.request('pitchside:robot.run', { robot: 'nao1', line: 'vfd worldState representation:BallModel' });
    await connection.request('pitchside:robot.run', { robot: 'nao1', line: 'vp speed 100 0 10' });
    const list = (await connection.request('pitchside:views.list', {})) as ViewList;
    expect(list.robots[0]).toMatchObject({
      robot: 'nao1',
      fieldViews: ['worldState'],
      fieldViewDrawings: { worldState: ['representation:BallModel'] },
      plotViews: ['speed'],
      threads: ['Upper', 'Cognition', 'Motion'],
    });
    expect(list.robots[0]!.dataKeys).toEqual(
      expect.arrayContaining([{ key: 'module:BallLocator', threads: ['Cognition'] }]),
    );
    await expect(connection.request('pitchside:robot.run', { robot: 'ghost', line: 'vf x' })).rejects.toThrow(
      /No robot/,
    );
    const names = await connection.request('pitchside:robot.names', { robot: 'nao1' });
    expect(names.fieldDrawings).toContain('representation:BallModel');
  });

  it('streams debug data as a TypeInfo-typed tree', async () => {
    await until(() => !robot.polling && robot.model.types !== undefined);
    const { subscription } = await connection.request('pitchside:data.subscribe', {
      robot: 'nao1',
      stream: 'debugData',
      key: 'module:BallLocator',
    });
    await until(() => streamItems(subscription).length > 0);
    const [item] = streamItems(subscription);
    expect(item).toMatchObject({ kind: 'debugData', key: 'module:BallLocator', thread: 'Cognition' });
    const tree = (
      item as unknown as { tree: { children: { name: string; kind: string; value?: unknown; children?: unknown[] }[] } }
    ).tree;
    expect(tree.children.map((c) => [c.name, c.kind])).toEqual([
      ['maxDistance', 'number'],
      ['aimTolerance', 'angle'],
      ['qualities', 'list'],
      ['label', 'string'],
    ]);
    expect(tree.children[1]!.value).toBeCloseTo(Math.PI / 30, 5);
    expect(tree.children[2]!.children).toEqual([
      { name: '[0]', type: 'BallModel::Quality', kind: 'enum', value: 0, enumNames: ['good', 'bad', 'unknown'] },
      { name: '[1]', type: 'BallModel::Quality', kind: 'enum', value: 1, enumNames: ['good', 'bad', 'unknown'] },
    ]);
  });

  it('streams the module table and rejects unknown representations', async () => {
    await until(() => robot.model.moduleTable !== undefined);
    const { subscription } = await connection.request('pitchside:data.subscribe', { robot: 'nao1', stream: 'modules' });
    await until(() => streamItems(subscription).length > 0);
    expect(streamItems(subscription)[0]).toMatchObject({
      kind: 'modules',
      modules: expect.arrayContaining([
        { name: 'BallLocator', requirements: ['FrameInfo'], provisions: ['BallModel'] },
      ]),
      threads: expect.arrayContaining([
        {
          name: 'Cognition',
          providers: expect.arrayContaining([{ representation: 'BallModel', provider: 'BallLocator' }]),
        },
      ]),
    });
    await expect(
      connection.request('pitchside:data.subscribe', { robot: 'nao1', stream: 'value', key: 'NoSuchThing' }),
    ).rejects.toThrow(/No representation/);
  });

  it('announces view changes to every connection', async () => {
    await until(() => !robot.polling);
    await connection.request('pitchside:robot.run', { robot: 'nao1', line: 'vf a' });
    session.start();
    await until(() =>
      events.some(
        (e) => e.channel === 'pitchside:views.changed' && (e.payload as ViewList).robots[0]?.fieldViews.includes('a'),
      ),
    );
    expect(events.some((e) => e.channel === 'pitchside:views.changed')).toBe(true);
  });
});
