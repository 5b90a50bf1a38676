import { afterEach, describe, expect, it } from 'vitest';
import { MonitorSender } from '../../../robot-runtime/hosts/robot/network/MonitorChannel';
import { MonitorReceiver } from './MonitorReceiver';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()));
});

describe('monitor channel, robot to two IDEs (loopback)', () => {
  it('delivers large messages to every receiver', async () => {
    const ides = [await MonitorReceiver.open({ unicast: true, port: 0, bindAddress: '127.0.0.1' }), await MonitorReceiver.open({ unicast: true, port: 0, bindAddress: '127.0.0.1' })];
    closers.push(...ides);
    // Loopback tests cannot multicast reliably everywhere, so the robot sends one copy per IDE here.
    const robots = await Promise.all(ides.map((ide) => MonitorSender.open({ destination: '127.0.0.1', destinationPort: ide.port, bindAddress: '127.0.0.1' })));
    closers.push(...robots);
    const message = new Uint8Array(50_000).map((_, i) => (i * 7) & 0xff);
    const received = ides.map((ide) => new Promise<Uint8Array>((resolve) => ide.on('message', (m) => resolve(m))));
    robots.forEach((r) => r.send(message));
    for (const m of await Promise.all(received)) expect(m).toEqual(message);
    expect(robots[0]!.counts.fragments).toBe(Math.ceil(50_000 / 1390));
  });
});
