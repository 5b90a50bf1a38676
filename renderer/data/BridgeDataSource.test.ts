import { describe, expect, it } from 'vitest';
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { LogPlayerState } from '../../app/ipc/logPlayer';
import type { RobotList, StreamEvent } from '../../app/ipc/messages';
import { BridgeDataSource } from './BridgeDataSource';

/** A bridge whose host is scripted by the test. */
function fakeBridge() {
  const listeners = new Map<string, ((p: unknown) => void)[]>();
  const requests: { channel: string; payload: unknown }[] = [];
  let next = 1;
  const bridge = {
    invoke: async (channel: string, payload: unknown) => {
      requests.push({ channel, payload });
      if (channel === 'pitchside:data.subscribe') return { subscription: `s${next++}` };
      if (channel === 'pitchside:robots.list') return { robots: [], selection: [] };
      if (channel === 'pitchside:views.list') return { robots: [] };
      if (channel === 'pitchside:log.players') return { players: [player('replay', 0)] };
      if (channel === 'pitchside:log.control') return player((payload as { robot: string }).robot, 42);
      return { removed: true };
    },
    on: (channel: string, listener: (p: unknown) => void) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return () => undefined;
    },
  } as unknown as PitchsideBridge;
  const emit = (channel: string, payload: unknown): void => listeners.get(channel)?.forEach((l) => l(payload));
  return { bridge, requests, emit };
}

const robots = (...names: string[]): RobotList => ({
  robots: names.map((name) => ({ name, kind: 'remote', state: 'connected' })),
  selection: names.slice(0, 1),
});
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A replayed robot's state at frame `current`. */
function player(robot: string, current: number): LogPlayerState {
  const stop = { enabled: false, filter: '', regex: false };
  return {
    robot,
    file: 'a.log',
    frameCount: 100,
    current,
    state: 'paused',
    loop: false,
    speed: 1,
    image: false,
    threads: [],
    damaged: 0,
    stopOnAnnotation: stop,
  };
}

describe('BridgeDataSource', () => {
  it('gives each robot its own source that names the robot in every request and reports its capabilities', async () => {
    const { bridge, requests, emit } = fakeBridge();
    const source = new BridgeDataSource(bridge);
    await flush();
    const robot1 = source.robot('robot1');
    expect(source.robot('robot1')).toBe(robot1);
    expect(robot1.capabilities().live).toBe(false); // not in the robot list yet
    emit('pitchside:robots.changed', robots('robot1'));
    expect(robot1.capabilities()).toMatchObject({ live: true, seek: false, images: true });
    robot1.subscribe('plot', 'p', () => undefined);
    await robot1.run('dr poll');
    await robot1.image('upper', 7);
    await robot1.control({ action: 'seek', frame: 42 } as never);
    await flush();
    const sent = requests.filter(
      (r) => !['pitchside:robots.list', 'pitchside:views.list', 'pitchside:log.players'].includes(r.channel),
    );
    expect(sent).toEqual([
      { channel: 'pitchside:data.subscribe', payload: { robot: 'robot1', stream: 'plot', key: 'p' } },
      { channel: 'pitchside:robot.run', payload: { robot: 'robot1', line: 'dr poll' } },
      { channel: 'pitchside:image.frame', payload: { robot: 'robot1', view: 'upper', after: 7 } },
      { channel: 'pitchside:log.control', payload: expect.objectContaining({ robot: 'robot1' }) },
    ]);
  });

  it('shares one host subscription, subscribes when the robot appears and again after it came back', async () => {
    const { bridge, requests, emit } = fakeBridge();
    const source = new BridgeDataSource(bridge);
    await flush();
    const got: unknown[] = [];
    const off1 = source.subscribe('r1', 'plot', 'p', (i) => got.push(i));
    const off2 = source.subscribe('r1', 'plot', 'p', (i) => got.push(i));
    const subscribes = () => requests.filter((r) => r.channel === 'pitchside:data.subscribe').length;
    expect(subscribes()).toBe(0); // no robot yet
    emit('pitchside:robots.changed', robots('r1'));
    await flush();
    expect(subscribes()).toBe(1);
    const event: StreamEvent = {
      subscription: 's1',
      robot: 'r1',
      data: { kind: 'plot', view: 'p', minValue: 0, maxValue: 1, series: [] },
    };
    emit('pitchside:data.event', event);
    expect(got).toHaveLength(2);
    emit('pitchside:robots.changed', robots());
    emit('pitchside:robots.changed', robots('r1'));
    await flush();
    expect(subscribes()).toBe(2);
    off1();
    off2();
    await flush();
    expect(requests.at(-1)).toEqual({ channel: 'pitchside:data.unsubscribe', payload: { subscription: 's2' } });
  });

  it('tells each robot’s capabilities by where its data come from', async () => {
    const { bridge, emit } = fakeBridge();
    const source = new BridgeDataSource(bridge);
    emit('pitchside:robots.changed', {
      robots: [
        { name: 'sim', kind: 'simulated', state: 'connected' },
        { name: 'replay', kind: 'log', state: 'connected' },
      ],
      selection: [],
    });
    expect(source.capabilities('sim')).toEqual({ live: true, seek: false, step: false, speed: false, images: true });
    expect(source.capabilities('replay')).toEqual({ live: false, seek: true, step: true, speed: true, images: true });
    expect(source.capabilities('ghost')).toEqual({
      live: false,
      seek: false,
      step: false,
      speed: false,
      images: false,
    });
  });

  it('drives playback with typed calls and shows the answered state at once', async () => {
    const { bridge, requests } = fakeBridge();
    const source = new BridgeDataSource(bridge);
    await flush();
    const seen: (readonly LogPlayerState[])[] = [];
    source.playback.onPlayers((p) => seen.push(p));
    expect(source.playback.players()?.map((p) => p.current)).toEqual([0]);
    await source.playback.control('replay', { kind: 'seek', frame: 42 });
    expect(requests.at(-1)).toEqual({
      channel: 'pitchside:log.control',
      payload: { robot: 'replay', action: { kind: 'seek', frame: 42 } },
    });
    expect(source.playback.players()?.map((p) => p.current)).toEqual([42]);
    expect(seen).toHaveLength(1);
  });
});
