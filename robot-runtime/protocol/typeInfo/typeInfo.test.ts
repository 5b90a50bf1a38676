import { describe, expect, it } from 'vitest';
import { InBinary, OutBinary, StreamError } from '../binary';
import { defineClass, defineEnum, field, Pose3f, t, TypeRegistry, Vector2f } from '../types';
import {
  BHUMAN_PRIMITIVES,
  readTypeInfo,
  typeInfoFromBytes,
  typeInfoFromRegistry,
  typeInfoFromTypes,
  typeInfoToBytes,
  unifyTypeName,
  writeTypeInfo,
  type TypeInfo,
} from './index';

const Status = defineEnum('TypeInfoTest::Status', ['idle', 'busy'] as const);
const Leaf = defineClass('TypeInfoTest::Leaf', { where: field(Vector2f, 'position'), status: field(Status, 'status') });
const Root = defineClass('TypeInfoTest', {
  leaves: field(t.vector(Leaf), 'leaves'),
  grid: field(t.array(t.array(t.int16, 3), 2), 'nested fixed'),
  perStatus: field(t.enumArray(Status, t.float), 'indexed'),
  maybe: field(t.optional(Pose3f), 'optional'),
  blob: field(t.bytes(), 'bytes'),
});

function ascii(s: string): number[] {
  return [s.length, 0, 0, 0, ...[...s].map((c) => c.charCodeAt(0))];
}

describe('TypeInfo', () => {
  it('lists everything reachable under TypeInfo names', () => {
    const info = typeInfoFromTypes([Root]);
    expect(info.primitives).toEqual([...BHUMAN_PRIMITIVES]);
    expect(info.primitives).toHaveLength(12);
    expect(info.classes.get('TypeInfoTest')).toEqual([
      { name: 'leaves', type: 'TypeInfoTest::Leaf*' },
      { name: 'grid', type: 'short[3][2]' },
      { name: 'perStatus', type: 'EnumIndexedArray<float,TypeInfoTest::Status,TypeInfoTest::Status_Info>' },
      { name: 'maybe', type: 'Pose3f*' },
      { name: 'blob', type: 'unsigned char*' },
    ]);
    expect(info.classes.get('TypeInfoTest::Leaf')).toEqual([
      { name: 'where', type: 'Eigen::Matrix<float,2,1,0,2,1>' },
      { name: 'status', type: 'TypeInfoTest::Status' },
    ]);
    expect(info.classes.get('Pose3f')).toEqual([
      { name: 'rotation', type: 'RotationMatrix' },
      { name: 'translation', type: 'Eigen::Matrix<float,3,1,0,3,1>' },
    ]);
    expect(info.classes.get('RotationMatrix')).toEqual([{ name: 'cols', type: 'EigenMatrixRow<float,3>[3]' }]);
    expect(info.enums.get('TypeInfoTest::Status')).toEqual(['idle', 'busy']);
    // B-Human describes an enum-indexed array as a class with one attribute per constant.
    expect(info.classes.get('EnumIndexedArray<float,TypeInfoTest::Status,TypeInfoTest::Status_Info>')).toEqual([
      { name: 'idle', type: 'float' },
      { name: 'busy', type: 'float' },
    ]);
  });

  it('collects a registry', () => {
    const registry = new TypeRegistry();
    registry.add(Leaf);
    registry.add(Status);
    const info = typeInfoFromRegistry(registry);
    expect([...info.classes.keys()].sort()).toEqual(['Eigen::Matrix<float,2,1,0,2,1>', 'TypeInfoTest::Leaf']);
    expect([...info.enums.keys()]).toEqual(['TypeInfoTest::Status']);
  });

  it('round-trips through bytes', () => {
    const info = typeInfoFromTypes([Root]);
    expect(typeInfoFromBytes(typeInfoToBytes(info))).toEqual(info);
  });

  it('writes the hand-computed bytes of a tiny TypeInfo', () => {
    const info: TypeInfo = {
      primitives: ['int'],
      classes: new Map([['P', [{ name: 'x', type: 'int' }]]]),
      enums: new Map([['E', ['a']]]),
    };
    // prettier-ignore
    const expected = [
      0x01, 0x00, 0x00, 0x80, ...ascii('int'), // 1 primitive, names unified
      0x01, 0x00, 0x00, 0x00, ...ascii('P'), 0x01, 0x00, 0x00, 0x00, ...ascii('x'), ...ascii('int'),
      0x01, 0x00, 0x00, 0x00, ...ascii('E'), 0x01, 0x00, 0x00, 0x00, ...ascii('a'),
    ];
    const out = new OutBinary();
    writeTypeInfo(out, info);
    expect([...out.view8()]).toEqual(expected);
    expect(readTypeInfo(new InBinary(new Uint8Array(expected)))).toEqual(info);
  });

  it('unifies names of streams without the flag', () => {
    // prettier-ignore
    const bytes = new Uint8Array([
      0x01, 0x00, 0x00, 0x00, ...ascii('std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >'),
      0x01, 0x00, 0x00, 0x00, ...ascii('A'), 0x01, 0x00, 0x00, 0x00, ...ascii('v'), ...ascii('std::array<float, 3ul>'),
      0x00, 0x00, 0x00, 0x00,
    ]);
    const info = typeInfoFromBytes(bytes);
    expect(info.primitives).toEqual(['std::string']);
    expect(info.classes.get('A')).toEqual([{ name: 'v', type: 'std::array<float,3>' }]);
  });

  it('applies each unification rule', () => {
    expect(unifyTypeName('Foo<int, 2l >')).toBe('Foo<int,2>');
    expect(unifyTypeName('std::__1::vector<int>')).toBe('std::vector<int>');
    expect(unifyTypeName('char [4]')).toBe('char[4]');
    expect(unifyTypeName('Vector2l')).toBe('Vector2l');
    expect(unifyTypeName('std::basic_string<char>*')).toBe('std::string*');
  });

  it('rejects truncated and oversized input with StreamError', () => {
    const bytes = typeInfoToBytes(typeInfoFromTypes([Root]));
    for (let n = 0; n < bytes.length; n += 7)
      expect(() => typeInfoFromBytes(bytes.subarray(0, n))).toThrow(StreamError);
    expect(() => typeInfoFromBytes(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toThrow(StreamError);
    expect(() => typeInfoFromBytes(new Uint8Array([0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0x7f]))).toThrow(/class count/);
  });
});
