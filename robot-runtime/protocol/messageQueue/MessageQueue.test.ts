import { describe, expect, it } from 'vitest';
import { MessageID } from '../messages/MessageIDs';
import { MessageQueue } from './MessageQueue';
import { parseQueue } from './parseQueue';

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const hi = Uint8Array.of(...ascii('hi'));

describe('MessageQueue', () => {
  it('serializes a frame byte for byte as formats §2.2 prescribes (golden bytes)', () => {
    const queue = new MessageQueue(1024);
    expect(queue.beginFrame('Cognition')).toBe(true);
    expect(queue.append(MessageID.idText, hi)).toBe(true);
    expect(queue.finishFrame('Cognition')).toBe(true);
    const name = [9, 0, 0, 0, ...ascii('Cognition')]; // uint32 length + bytes: 13 bytes
    expect(Array.from(queue.bytes())).toEqual([
      0x28,
      0,
      0,
      0, // sizeLow = 17 + 6 + 17 = 40
      0,
      0,
      0,
      0, // messages = 0, sizeHigh = 0
      0x01,
      13,
      0,
      0,
      ...name, // idFrameBegin, 13-byte payload
      0x69,
      2,
      0,
      0,
      0x68,
      0x69, // idText (105), "hi"
      0x02,
      13,
      0,
      0,
      ...name, // idFrameFinished
    ]);
    expect(queue.messageCount).toBe(3);
    expect(queue.size).toBe(40);
  });

  it('rolls back a frame in which nothing happened', () => {
    const queue = new MessageQueue(1024);
    queue.append(MessageID.idText, hi);
    queue.beginFrame('Motion');
    expect(queue.finishFrame('Motion')).toBe(false);
    expect(queue.messageCount).toBe(1);
    expect(queue.size).toBe(6);
    expect(queue.openFrameThread).toBeUndefined();
  });

  it('writes payloads in place through a writer callback', () => {
    const queue = new MessageQueue(1024);
    expect(
      queue.write(MessageID.idPlot, (out) => {
        out.string('p');
        out.float(1.5);
      }),
    ).toBe(true);
    const [m] = parseQueue(queue.bytes()).messages;
    expect(m!.id).toBe(MessageID.idPlot);
    expect(Array.from(m!.payload)).toEqual([1, 0, 0, 0, 0x70, 0, 0, 0xc0, 0x3f]);
  });

  it('refuses what does not fit and never passes its capacity', () => {
    const queue = new MessageQueue(20);
    expect(queue.append(1, new Uint8Array(10))).toBe(true); // 14 bytes
    expect(queue.append(1, new Uint8Array(3))).toBe(false); // would be 21
    expect(queue.write(1, (out) => out.bytes(new Uint8Array(100)))).toBe(false);
    expect(queue.lastDropReason).toBe('full');
    expect(queue.append(1, new Uint8Array(2))).toBe(true); // exactly 20
    expect(queue.size).toBe(20);
    expect(queue.droppedMessages).toBe(2);
    expect(parseQueue(queue.bytes()).messages.map((m) => m.payload.length)).toEqual([10, 2]);
  });

  it('rejects payloads over 2^24-1 bytes', () => {
    const queue = new MessageQueue(2 ** 25);
    expect(queue.append(1, new Uint8Array(2 ** 24))).toBe(false);
    expect(queue.lastDropReason).toBe('tooLarge');
    expect(queue.write(1, (out) => out.bytes(new Uint8Array(2 ** 24)))).toBe(false);
    expect(queue.size).toBe(0);
  });

  it('keeps room for the frame end so a full queue still has well-formed frames', () => {
    const queue = new MessageQueue(17 * 2 + 10); // begin + finish of 'Cognition' and 10 bytes
    queue.beginFrame('Cognition');
    expect(queue.append(1, new Uint8Array(7))).toBe(false); // 11 bytes would eat the finish's room
    expect(queue.append(1, new Uint8Array(6))).toBe(true);
    expect(queue.finishFrame('Cognition')).toBe(true);
    expect(queue.size).toBe(queue.capacity);
    expect(parseQueue(queue.bytes()).error).toBeUndefined();
  });

  it('drops a whole frame that cannot begin', () => {
    const queue = new MessageQueue(20);
    expect(queue.beginFrame('Cognition')).toBe(false);
    expect(queue.append(MessageID.idText, hi)).toBe(false);
    expect(queue.finishFrame('Cognition')).toBe(false);
    expect(queue.size).toBe(0);
    expect(queue.append(MessageID.idText, hi)).toBe(true); // after the frame, appends work again
  });

  it('rolls back a writer that throws and rethrows', () => {
    const queue = new MessageQueue(100);
    expect(() =>
      queue.write(1, (out) => {
        out.uint32(5);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(queue.size).toBe(0);
    expect(() => queue.finishFrame('x')).toThrow();
  });

  it('clears for reuse and iterates its messages', () => {
    const queue = new MessageQueue(100);
    queue.append(3, hi);
    queue.append(4, new Uint8Array(0));
    expect([...queue.messages()].map((m) => m.id)).toEqual([3, 4]);
    queue.clear();
    expect(queue.isEmpty).toBe(true);
    expect(Array.from(queue.toBytes())).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
