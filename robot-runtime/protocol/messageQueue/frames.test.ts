import { describe, expect, it } from 'vitest';
import { OutBinary } from '../binary';
import { MessageID } from '../messages/MessageIDs';
import type { Message } from './Message';
import { frameThreadName, splitFrames } from './frames';

function name(thread: string): Uint8Array {
  const out = new OutBinary();
  out.string(thread);
  return out.toBytes();
}
const begin = (t: string): Message => ({ id: MessageID.idFrameBegin, payload: name(t) });
const finish = (t: string): Message => ({ id: MessageID.idFrameFinished, payload: name(t) });
const data = (id: number): Message => ({ id, payload: new Uint8Array(0) });

describe('splitFrames', () => {
  it('groups messages by frame and tolerates a trailing incomplete frame', () => {
    const result = splitFrames([
      data(90),
      begin('Upper'),
      data(17),
      data(18),
      finish('Upper'),
      begin('Motion'),
      data(8),
    ]);
    expect(result.frames).toEqual([{ thread: 'Upper', messages: [data(17), data(18)] }]);
    expect(result.incomplete).toEqual({ thread: 'Motion', messages: [data(8)] });
    expect(result.outside).toEqual([data(90)]);
    expect(result.interrupted).toEqual([]);
  });

  it('keeps interrupted frames and stray finishes', () => {
    const result = splitFrames([begin('A'), data(3), begin('B'), finish('B'), finish('B')]);
    expect(result.interrupted).toEqual([{ thread: 'A', messages: [data(3)] }]);
    expect(result.frames).toEqual([{ thread: 'B', messages: [] }]);
    expect(result.outside).toHaveLength(1);
  });

  it('reads legacy one-character thread names and survives malformed ones', () => {
    expect(frameThreadName(Uint8Array.of(0x63))).toBe('c');
    expect(frameThreadName(Uint8Array.of(9, 0, 0, 0, 1))).toBe('');
    expect(frameThreadName(name('Cognition'))).toBe('Cognition');
  });
});
