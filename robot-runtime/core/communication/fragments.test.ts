import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/SeededRandom';
import { decodeFragmentPacket, encodeNack } from './fragments';
import { Fragmenter } from './Fragmenter';
import { Reassembler } from './Reassembler';

const message = (n: number, seed = 1): Uint8Array => new Uint8Array(n).map((_, i) => (i * 31 + seed) & 0xff);

describe('monitor channel fragmentation', () => {
  it('reassembles out-of-order fragments and recovers lost ones through NACKs', () => {
    const sender = new Fragmenter({ maxPacketSize: 110 });
    const receiver = new Reassembler({ nackDelayMs: 20 });
    const original = message(1000);
    const packets = sender.fragment(original);
    expect(packets.length).toBe(10);
    const lost = new Set([2, 7]);
    const delivered = packets.filter((_, i) => !lost.has(i)).reverse();
    for (const p of delivered) expect(receiver.receive(p, 0)).toBeUndefined();
    expect(receiver.nacks(10)).toEqual([]);
    const [nack] = receiver.nacks(25);
    expect(decodeFragmentPacket(nack!)).toEqual({ type: 2, sequence: 0, missing: [2, 7] });
    const resent = sender.resend(0, [2, 7, 99]);
    expect(resent.length).toBe(2);
    expect(receiver.receive(resent[0]!, 30)).toBeUndefined();
    expect(receiver.receive(resent[1]!, 30)).toEqual(original);
    expect(receiver.receive(resent[1]!, 31)).toBeUndefined();
    expect(receiver.stats).toMatchObject({ completed: 1, duplicates: 1, nacksSent: 1 });
    expect(receiver.pendingCount).toBe(0);
  });

  it('gives up after the NACK limit and forgets old messages on the sending side', () => {
    const sender = new Fragmenter({ maxPacketSize: 60, retransmitBytes: 200 });
    const receiver = new Reassembler({ nackDelayMs: 1, maxNacks: 2 });
    receiver.receive(sender.fragment(message(120))[0]!, 0);
    expect(receiver.nacks(5).length).toBe(1);
    expect(receiver.nacks(10).length).toBe(1);
    expect(receiver.nacks(15).length).toBe(0);
    expect(receiver.stats.dropped).toBe(1);
    sender.fragment(message(150));
    expect(sender.resend(0, [0])).toEqual([]);
    expect(sender.resend(1, [0]).length).toBe(1);
  });

  it('survives random and hostile datagrams with bounded memory', () => {
    const random = seededRandom(5);
    const receiver = new Reassembler({ maxMessageBytes: 10_000, maxPending: 8 });
    for (let i = 0; i < 20_000; i++) {
      const p = new Uint8Array(Math.floor(random() * 64)).map(() => Math.floor(random() * 256));
      if (p.length > 1) p[1] = 1;
      if (p.length > 0) p[0] = 1 + (i & 1);
      receiver.receive(p, i);
      if (i % 100 === 0) receiver.nacks(i);
      expect(receiver.pendingCount).toBeLessThanOrEqual(8);
    }
    // A NACK with a wrong length is malformed.
    expect(decodeFragmentPacket(encodeNack(1, [1, 2]).subarray(0, 9))).toBeUndefined();
  });
});
