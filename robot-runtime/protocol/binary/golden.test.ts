import { describe, expect, it } from 'vitest';
import { defineClass, defineEnum, field, Pose2f, t } from '../types';
import { decode, encode } from './index';

// Expected bytes written by hand from the encoding table (formats §2.2): little-endian, no padding, no names.
const Mode = defineEnum('GoldenTest::Mode', ['off', 'on'] as const);
const Golden = defineClass('GoldenTest', {
  flag: field(t.bool, 'bool: 1 byte'),
  id: field(t.uint16, 'unsigned short: 2 bytes'),
  value: field(t.float, 'float: 4 bytes'),
  name: field(t.string, 'std::string: uint32 length + bytes'),
  mode: field(Mode, 'ENUM: 1 byte'),
  list: field(t.vector(t.int16), 'std::vector: uint32 count + elements'),
  opt: field(t.optional(t.uint8), 'std::optional: uint32 0|1 + element'),
  pair: field(t.array(t.int8, 2), 'C array: elements only'),
  pose: field(Pose2f, 'rotation float, translation x, y'),
  blob: field(t.bytes(), 'unsigned char*: uint32 count + bytes'),
});

const value = {
  flag: true,
  id: 0x0102,
  value: 1,
  name: 'ab',
  mode: Mode.on,
  list: [-1, 2],
  opt: 7,
  pair: [-2, 3],
  pose: { rotation: 0, translation: { x: 2, y: -1 } },
  blob: new Uint8Array([0xaa]),
};

// prettier-ignore
const expected = [
  0x01,                                     // flag
  0x02, 0x01,                               // id
  0x00, 0x00, 0x80, 0x3f,                   // value 1.0f
  0x02, 0x00, 0x00, 0x00, 0x61, 0x62,       // name "ab"
  0x01,                                     // mode on
  0x02, 0x00, 0x00, 0x00, 0xff, 0xff, 0x02, 0x00, // list [-1, 2]
  0x01, 0x00, 0x00, 0x00, 0x07,             // opt 7
  0xfe, 0x03,                               // pair [-2, 3]
  0x00, 0x00, 0x00, 0x00,                   // pose.rotation 0
  0x00, 0x00, 0x00, 0x40,                   // pose.translation.x 2.0f
  0x00, 0x00, 0x80, 0xbf,                   // pose.translation.y -1.0f
  0x01, 0x00, 0x00, 0x00, 0xaa,             // blob
];

describe('binary encoding golden bytes', () => {
  it('writes the hand-computed bytes', () => {
    expect([...encode(Golden, value)]).toEqual(expected);
  });

  it('reads the hand-computed bytes', () => {
    expect(decode(Golden, new Uint8Array(expected))).toEqual(value);
  });

  it('writes an absent optional as a zero flag', () => {
    // ValueOf drops the undefined of optional types, hence the cast.
    expect([...encode(t.optional(t.double), undefined as unknown as number)]).toEqual([0, 0, 0, 0]);
  });
});
