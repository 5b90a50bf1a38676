import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/SeededRandom';
import {
  decodeStandardMessage,
  encodeStandardMessage,
  StandardMessageError,
  type StandardMessage,
} from './StandardMessageCodec';

const message: StandardMessage = {
  teamId: 5,
  playerId: 3,
  timestamp: 123_456,
  state: 'STATE_PENALISED',
  fieldPose: { pose: { x: -1500, y: 250, theta: 0.5 }, covariance: [100, 0, 0, 0, 100, 0, 0, 0, 0.25] },
  ball: { position: { x: 800, y: -100 }, covariance: [25, 0, 0, 25], velocity: { x: 0, y: 0 }, age: 400 },
  walkCommand: { velocity: { x: 200, y: 0, theta: 0.25 } },
  kickTarget: { x: 4500, y: 0 },
  extensions: [{ name: 'pitchside.role', data: new Uint8Array([1, 2, 3]) }],
};

describe('standard message', () => {
  it('round-trips every field', () => {
    const bytes = encodeStandardMessage(message);
    expect(decodeStandardMessage(bytes)).toEqual(message);
  });

  it('decodes absent optional parts as absent and defaults the rest', () => {
    const bytes = encodeStandardMessage({
      ...message,
      kickTarget: undefined,
      ball: { ...message.ball, age: undefined },
      extensions: [],
    });
    const back = decodeStandardMessage(bytes);
    expect(back.kickTarget).toBeUndefined();
    expect(back.ball.age).toBeUndefined();
    expect(decodeStandardMessage(new Uint8Array())).toMatchObject({
      teamId: 0,
      state: 'STATE_UNKNOWN',
      fieldPose: { pose: { x: 0, y: 0, theta: 0 } },
    });
  });

  it('rejects oversized and malformed packets with StandardMessageError only', () => {
    expect(() => decodeStandardMessage(new Uint8Array(2000))).toThrow(StandardMessageError);
    const random = seededRandom(9);
    const valid = encodeStandardMessage(message);
    for (let i = 0; i < 5000; i++) {
      const b =
        i % 2
          ? valid.slice(0, Math.floor(random() * valid.length))
          : new Uint8Array(Math.floor(random() * 100)).map(() => Math.floor(random() * 256));
      if (i % 2 && b.length) b[Math.floor(random() * b.length)] ^= 0xff;
      try {
        decodeStandardMessage(b);
      } catch (e) {
        expect(e).toBeInstanceOf(StandardMessageError);
      }
    }
  });
});
