import { describe, expect, it } from 'vitest';
import { parseTyped } from '../../protocol/configMap';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { defineClass, field, t } from '../../protocol/types';
import { FrameRingBuffer } from './FrameRingBuffer';
import { logFrameMessages, resolveLoggedRepresentations } from './logFrameMessages';
import { LoggerConfig, representationsToLog } from './LoggerConfig';

/** A stand-in with FrameInfo's layout (core may not import representations). */
const FrameInfo = defineClass('FrameInfoForTest', { time: field(t.uint32, 'Time (ms).') });

describe('online logging pieces', () => {
  it('the ring buffer drops instead of blocking and drains in order', () => {
    const ring = new FrameRingBuffer(2, 10);
    expect(ring.push(Uint8Array.of(1))).toBe(true);
    expect(ring.push(new Uint8Array(11))).toBe(false);
    expect(ring.push(Uint8Array.of(2, 2))).toBe(true);
    expect(ring.push(Uint8Array.of(3))).toBe(false);
    expect(ring.dropped).toBe(2);
    expect(ring.take(1).map((f) => f[0])).toEqual([1]);
    expect(ring.push(Uint8Array.of(4))).toBe(true);
    expect(ring.take().map((f) => f[0])).toEqual([2, 4]);
    expect(ring.bytes).toBe(0);
  });

  it('reads logger.cfg and logs the configured representations of a thread', () => {
    const { value, diagnostics } = parseTyped(
      LoggerConfig,
      'enabled = true; representationsPerThread = [{thread = Motion; representations = [FrameInfo, Nonsense];}];',
      'logger.cfg',
    );
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(representationsToLog(value, 'Motion')).toEqual(['FrameInfo', 'Nonsense']);
    const { logged, unknown } = resolveLoggedRepresentations(
      representationsToLog(value, 'Motion'),
      new Map([['FrameInfo', FrameInfo]]),
    );
    expect(unknown).toEqual(['Nonsense']);
    const messages = logFrameMessages(logged, { get: () => ({ time: 42 }) });
    expect(messages).toEqual([{ id: MessageID.idFrameInfo, payload: Uint8Array.of(42, 0, 0, 0) }]);
  });
});
