import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary/StreamError';
import { ValueError } from '../binary/ValueError';
import { recordList, recordPayload, wire } from './recordPayload';

interface Entry {
  id: number;
  name: string;
}
const entries = recordPayload<{ list: Entry[]; tail: number }>('test table', {
  list: recordList<Entry>('uint16', 'entry', { id: wire.uint8, name: wire.string }),
  tail: wire.uint32,
});

describe('recordPayload', () => {
  it('streams the fields in table order with a uint16 count', () => {
    const bytes = entries.encode({ list: [{ id: 7, name: 'ab' }], tail: 0x01020304 });
    expect([...bytes]).toEqual([1, 0, 7, 2, 0, 0, 0, 97, 98, 4, 3, 2, 1]);
    expect(entries.decode(bytes)).toEqual({ list: [{ id: 7, name: 'ab' }], tail: 0x01020304 });
  });

  it('refuses a count the input cannot hold, at the offset of the count', () => {
    const hostile = Uint8Array.of(0xff, 0xff, 7, 0, 0, 0, 0, 0, 0, 0, 0);
    expect(() => entries.decode(hostile, 40)).toThrow(StreamError);
    expect(() => entries.decode(hostile, 40)).toThrow(/entry count 65535 does not fit the 9 bytes left \(at byte 40\)/);
  });

  it('refuses trailing bytes and a list longer than its count can say', () => {
    expect(() => entries.decode(Uint8Array.of(0, 0, 1, 2, 3, 4, 5))).toThrow(/test table has 1 trailing bytes/);
    const tooMany = Array.from({ length: 0x10000 }, () => ({ id: 0, name: '' }));
    expect(() => entries.encode({ list: tooMany, tail: 0 })).toThrow(ValueError);
  });
});
