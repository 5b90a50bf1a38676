import { describe, expect, it } from 'vitest';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { DebugInbox } from './DebugInbox';

const message = (id: number): Message => ({ id, payload: new Uint8Array(0) });

describe('DebugInbox', () => {
  it('handles a burst over several frames within the budget, in arrival order', () => {
    const batches = [Array.from({ length: 700 }, (_, i) => message(i)), [message(700), message(701)]];
    const inbox = new DebugInbox(() => batches.shift());
    let time = 0;
    const now = () => time;
    const seen: number[] = [];
    // Every message costs 1/64 ms of the clock (exact in binary): 192 fit into a 3 ms budget.
    const handle = (m: Message) => {
      seen.push(m.id);
      time += 1 / 64;
    };
    const perFrame: number[] = [];
    for (let frame = 0; frame < 6; frame++) perFrame.push(inbox.drain(handle, now, 3));
    expect(perFrame).toEqual([192, 192, 192, 126, 0, 0]);
    expect(seen).toEqual(Array.from({ length: 702 }, (_, i) => i));
    expect(inbox.holdsMessages).toBe(false);
  });

  it('handles at least one message per frame even when one takes longer than the budget', () => {
    const batches = [[message(1), message(2)]];
    const inbox = new DebugInbox(() => batches.shift());
    let time = 0;
    const handled = inbox.drain(
      () => (time += 10),
      () => time,
      3,
    );
    expect(handled).toBe(1);
    expect(inbox.holdsMessages).toBe(true);
    expect(
      inbox.drain(
        () => {},
        () => time,
        3,
      ),
    ).toBe(1);
  });
});
