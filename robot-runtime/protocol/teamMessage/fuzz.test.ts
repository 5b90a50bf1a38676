import { describe, expect, it } from 'vitest';
import { parseDef } from './parseDef';
import { TeamMessageCodec } from './TeamMessageCodec';
import { TeamMessageError } from './TeamMessageError';
import { seededRandom } from '../../math/SeededRandom';

const enums = { 'Test::Color': ['red', 'green', 'blue'] };
const def = `
  Ball { pos: Vector<Float(min=-12800, max=12800, bits=11)>(n=2) seen: Timestamp(bits=11, shift=4, reference=relativePast, noclip) }
  Msg { ball: Ball  balls: Ball[:5]  cov: Matrix<Integer(min=-32768, max=32767)>(m=2, n=2, symmetric)  c: Enum(type=Test::Color) flags: Boolean[0:100] }`;

/** Runs `f` and accepts only success or a TeamMessageError. */
function survives(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof TeamMessageError)) throw e;
  }
}

describe('team message fuzz', () => {
  const codec = TeamMessageCodec.fromDefinition(def, { root: 'Msg', enums });

  it('decodes random and mutated packets without crashing or growing', () => {
    const random = seededRandom(7);
    const valid = codec.encodePacket(
      {
        playerNumber: 2,
        timestamp: 50_000,
        referenceGameControllerPacketNumber: 0,
        referenceGameControllerPacketTimestampOffset: 0xffff,
      },
      codec.sample(random, 50_000),
      0,
    );
    for (let i = 0; i < 20_000; i++) {
      const packet =
        i % 2
          ? new Uint8Array(Math.floor(random() * 140)).map(() => Math.floor(random() * 256))
          : valid.slice(0, Math.floor(random() * (valid.length + 1)));
      if (i % 2 === 0 && packet.length > 8)
        packet[8 + Math.floor(random() * (packet.length - 8))] ^= 1 << Math.floor(random() * 8);
      if (packet.length) packet[0] = 72;
      survives(() => {
        const m = codec.decodePacket(packet, 0, 50_000);
        // A decoded message never has more elements than the definition bounds.
        expect((m.message.balls as unknown[]).length).toBeLessThanOrEqual(5);
      });
    }
  });

  it('parses random definition text with only TeamMessageErrors', () => {
    const random = seededRandom(11);
    const alphabet = 'AB{}:<>()[],=/*\n x0123-_.';
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = Math.floor(random() * 80);
      for (let k = 0; k < n; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      survives(() => TeamMessageCodec.fromDefinition(text, { root: 'A', enums }));
      survives(() => parseDef(def.slice(0, Math.floor(random() * def.length))));
    }
  });
});
