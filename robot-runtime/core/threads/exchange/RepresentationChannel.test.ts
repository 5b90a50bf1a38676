import { describe, expect, it } from 'vitest';
import { InBinary, OutBinary, encodeTo, readOwnInto, StreamError } from '@robot-runtime/protocol/binary';
import { field, t } from '@robot-runtime/protocol/types';
import { Blackboard } from '../../blackboard/Blackboard';
import { defineRepresentation } from '../../representation';
import { ChannelReceiver, ChannelSender, publishAll, type ChannelEntry } from './RepresentationChannel';
import { InMemoryTripleBuffer } from './TripleBuffer';

const Angles = defineRepresentation('ChannelTestAngles', { values: field(t.vector(t.float), 'Angles (rad).') });
const Count = defineRepresentation('ChannelTestCount', { n: field(t.int32, 'A count.') });

function board(): Blackboard {
  const bb = new Blackboard();
  bb.ensure(Angles.typeName, Angles);
  bb.ensure(Count.typeName, Count);
  return bb;
}

const entries = (...names: string[]): ChannelEntry[] =>
  names.map((name) => ({ name, type: name === Angles.typeName ? Angles : Count }));

describe('representation channels', () => {
  it('encodes once for senders with the same entries and every receiver decodes the same values', () => {
    const from = board();
    (from.get(Angles.typeName) as { values: number[] }).values.push(0.5, -1.25);
    (from.get(Count.typeName) as { n: number }).n = 7;
    const buffers = [new InMemoryTripleBuffer(), new InMemoryTripleBuffer(), new InMemoryTripleBuffer()];
    const senders = [
      new ChannelSender('Upper', entries(Angles.typeName, Count.typeName), buffers[0]!),
      new ChannelSender('Lower', entries(Angles.typeName, Count.typeName), buffers[1]!),
      new ChannelSender('Cognition', entries(Count.typeName), buffers[2]!),
    ];
    expect(senders[0]!.carriesSameAs(senders[1]!)).toBe(true);
    expect(senders[1]!.carriesSameAs(senders[2]!)).toBe(false);
    const encoded: string[] = [];
    for (const sender of senders) {
      const publish = sender.publish.bind(sender);
      sender.publish = (...args) => (encoded.push(sender.to), publish(...args));
    }
    publishAll(senders, from, 3, 36);
    expect(encoded).toEqual(['Upper', 'Cognition']); // Lower's package is Upper's, not encoded twice
    const packages = buffers.map((b) => b.read()!);
    expect([...packages[1]!]).toEqual([...packages[0]!]);
    expect(packages[2]!.length).toBeLessThan(packages[1]!.length);
    const both = [Angles.typeName, Count.typeName];
    for (const [i, names] of [
      [0, both],
      [1, both],
      [2, [Count.typeName]],
    ] as const) {
      const to = board();
      const receiver = new ChannelReceiver('Motion', entries(...names), buffers[i]!);
      receiver.apply(to, packages[i]!);
      expect(receiver.lastSenderFrame).toBe(3);
      expect(ChannelReceiver.timeOf(packages[i]!)).toBe(36);
      expect((to.get(Count.typeName) as { n: number }).n).toBe(7);
      if (names.length === 2) expect((to.get(Angles.typeName) as { values: number[] }).values).toEqual([0.5, -1.25]);
    }
  });

  it('refuses a value whose length does not match the recorded one', () => {
    const out = new OutBinary(16);
    encodeTo(out, Count, { n: 1 });
    const inp = new InBinary(out.toBytes());
    expect(() => readOwnInto(Count, inp, 3, { n: 0 })).toThrow(StreamError);
  });
});
