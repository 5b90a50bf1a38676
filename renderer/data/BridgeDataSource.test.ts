import { describe, expect, it } from 'vitest';
import type { PitchsideBridge } from '../../app/ipc/bridge';
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

const robots = (...names: string[]): RobotList => ({ robots: names.map((name) => ({ name, kind: 'remote', state: 'connected' })), selection: names.slice(0, 1) });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('BridgeDataSource', () => {
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
    const event: StreamEvent = { subscription: 's1', robot: 'r1', data: { kind: 'plot', view: 'p', minValue: 0, maxValue: 1, series: [] } };
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
});
