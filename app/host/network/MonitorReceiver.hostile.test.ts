import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeDataFragment } from '../../../robot-runtime/core/communication/fragments';
import { Reassembler } from '../../../robot-runtime/core/communication/Reassembler';
import { MonitorReceiver } from './MonitorReceiver';

const closers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c.close();
});

async function socket(): Promise<Socket> {
  const s = createSocket('udp4');
  closers.push(s);
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  return s;
}

const send = (s: Socket, port: number, bytes: Uint8Array) =>
  new Promise((resolve) => s.send(bytes, port, '127.0.0.1', resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('multicast reassembly under hostile senders (finding 8)', () => {
  it('lets a real sender in past a table full of garbage senders', async () => {
    const receiver = await MonitorReceiver.open({ unicast: true, port: 0, bindAddress: '127.0.0.1' });
    closers.push(receiver);
    const messages: Uint8Array[] = [];
    receiver.on('message', (m) => messages.push(m));
    for (let i = 0; i < 64; i++)
      await send(await socket(), receiver.port, encodeDataFragment(i, 0, 5, new Uint8Array(8)));
    const robot = await socket();
    for (let i = 0; i < 3; i++) await send(robot, receiver.port, encodeDataFragment(1, i, 3, new Uint8Array([i])));
    for (let i = 0; i < 200 && messages.length === 0; i++) await sleep(5);
    expect(messages.map((m) => [...m])).toEqual([[0, 1, 2]]);
  });

  it('never sends more NACK bytes to a source than it sent', async () => {
    const receiver = await MonitorReceiver.open({
      unicast: true,
      port: 0,
      bindAddress: '127.0.0.1',
      nackDelayMs: 0,
      nackIntervalMs: 5,
    });
    closers.push(receiver);
    const spoofed = await socket();
    let nackBytes = 0;
    spoofed.on('message', (m) => (nackBytes += m.length));
    const fragment = encodeDataFragment(7, 0, 65535, new Uint8Array(1)); // 11 bytes announcing 65535 fragments
    await send(spoofed, receiver.port, fragment);
    await sleep(300);
    expect(nackBytes).toBeLessThanOrEqual(fragment.length);
  });

  it('bounds what one reassembler holds for messages that never complete', () => {
    const reassembler = new Reassembler({ maxPendingBytes: 4 << 20 });
    const part = new Uint8Array(60_000);
    for (let i = 0; i < 300; i++) reassembler.receive(encodeDataFragment(i % 64, Math.floor(i / 64), 1000, part), i);
    expect(reassembler.pendingBytes).toBeLessThanOrEqual(4 << 20);
    expect(reassembler.pendingBytes).toBeGreaterThan(0);
    // The default bound is one largest message, not a message per pending slot.
    const byDefault = new Reassembler();
    for (let i = 0; i < 600; i++) byDefault.receive(encodeDataFragment(i % 64, Math.floor(i / 64), 1000, part), i);
    expect(byDefault.pendingBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});
