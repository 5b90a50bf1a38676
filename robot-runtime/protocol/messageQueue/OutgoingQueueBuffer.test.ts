import { describe, expect, it } from 'vitest';
import { OutgoingQueueBuffer } from './OutgoingQueueBuffer';
import { parseQueue } from './parseQueue';
import { serializeQueue } from './serializeQueue';

const q = (id: number, size: number) => serializeQueue([{ id, payload: new Uint8Array(size) }]);

describe('OutgoingQueueBuffer', () => {
  it('coalesces waiting queues into one, first message first', () => {
    const buffer = new OutgoingQueueBuffer(100);
    buffer.add(q(3, 1));
    buffer.add(q(4, 2));
    const taken = buffer.take(Uint8Array.of(0, 1, 0, 0, 90));
    expect(parseQueue(taken!).messages.map((m) => m.id)).toEqual([0, 3, 4]);
    expect(buffer.isEmpty).toBe(true);
    expect(buffer.take()).toBeUndefined();
  });

  it('drops the oldest when the bound is reached and refuses what can never fit', () => {
    const buffer = new OutgoingQueueBuffer(20);
    buffer.add(q(1, 6)); // 10 bytes each
    buffer.add(q(2, 6));
    buffer.add(q(3, 6));
    expect(buffer.pendingBytes).toBe(20);
    expect(buffer.droppedQueues).toBe(1);
    expect(buffer.add(q(4, 30))).toEqual({ reason: 'tooLarge', size: 34 });
    expect(buffer.add(Uint8Array.of(1, 2, 3))?.reason).toBe('malformed');
    expect(parseQueue(buffer.take()!).messages.map((m) => m.id)).toEqual([2, 3]);
  });

  it('hands out waiting queues as parts for a gathered write, without copying owned buffers', () => {
    const buffer = new OutgoingQueueBuffer(100);
    const owned = q(5, 3);
    buffer.add(owned, true);
    buffer.add(q(6, 1));
    const taken = buffer.takeParts(Uint8Array.of(0, 1, 0, 0, 90))!;
    const joined = new Uint8Array(taken.size);
    let at = 0;
    for (const part of taken.parts) {
      joined.set(part, at);
      at += part.length;
    }
    expect(parseQueue(joined).messages.map((m) => m.id)).toEqual([0, 5, 6]);
    expect(taken.parts[2]!.buffer).toBe(owned.buffer); // the owned queue's bytes, not a copy
    expect(buffer.takeParts()).toBeUndefined();
  });
});
