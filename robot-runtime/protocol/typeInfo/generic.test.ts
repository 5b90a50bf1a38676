import { describe, expect, it } from 'vitest';
import { encode, InBinary, OutBinary, StreamError, ValueError } from '../binary';
import { defineClass, defineEnum, field, Matrix2f, t } from '../types';
import {
  decodeWithTypeInfo,
  encodeWithTypeInfo,
  genericCodec,
  parseTypeName,
  typeInfoFromTypes,
  UnknownTypeError,
  type GenericValue,
  type TypeInfo,
} from './index';

const Side = defineEnum('GenericTest::Side', ['left', 'right'] as const);
const Item = defineClass('GenericTest::Item', { id: field(t.uint8, 'id'), side: field(Side, 'side') });
const Sample = defineClass('GenericTest', {
  name: field(t.string, 'name'),
  flag: field(t.bool, 'flag'),
  a: field(t.angle, 'angle'),
  side: field(Side, 'enum'),
  items: field(t.vector(Item), 'classes'),
  grid: field(t.array(t.array(t.int16, 2), 3), 'nested fixed'),
  lists: field(t.vector(t.array(t.float, 2)), 'vector of arrays'),
  perSide: field(t.enumArray(Side, t.double), 'enum array'),
  maybe: field(t.optional(t.int32), 'optional'),
  blob: field(t.bytes(), 'bytes'),
  m: field(Matrix2f, 'adapted matrix'),
});

const value = {
  name: 'n',
  flag: true,
  a: 0.5,
  side: Side.right,
  items: [{ id: 7, side: Side.left }],
  grid: [
    [1, 2],
    [3, 4],
    [5, 6],
  ],
  lists: [[0.25, 0.5]],
  perSide: [1.5, -2],
  maybe: 9,
  blob: new Uint8Array([1, 2]),
  m: [1, 2, 3, 4],
};

const generic: GenericValue = {
  name: 'n',
  flag: true,
  a: 0.5,
  side: { enum: 'GenericTest::Side', value: 1, name: 'right' },
  items: [{ id: 7, side: { enum: 'GenericTest::Side', value: 0, name: 'left' } }],
  grid: value.grid,
  lists: value.lists,
  // B-Human's form of an enum-indexed array: a class with one attribute per constant.
  perSide: { left: 1.5, right: -2 },
  maybe: [9],
  blob: new Uint8Array([1, 2]),
  m: { cols: [{ elems: [1, 2] }, { elems: [3, 4] }] },
};

const info = typeInfoFromTypes([Sample]);

describe('generic decoding through TypeInfo', () => {
  it('decodes typed data into generic values', () => {
    const inp = new InBinary(encode(Sample, value));
    expect(decodeWithTypeInfo(info, 'GenericTest', inp)).toEqual(generic);
    expect(inp.atEnd).toBe(true);
  });

  it('encodes generic values to the same bytes as the typed codec', () => {
    const out = new OutBinary();
    encodeWithTypeInfo(info, 'GenericTest', generic, out);
    expect([...out.view8()]).toEqual([...encode(Sample, value)]);
  });

  it('accepts enum names and numbers when encoding', () => {
    const out = new OutBinary();
    encodeWithTypeInfo(info, 'GenericTest::Item', { id: 1, side: 'right' }, out);
    encodeWithTypeInfo(info, 'GenericTest::Item', { id: 2, side: 0 }, out);
    expect([...out.view8()]).toEqual([1, 1, 2, 0]);
  });

  it('names the path of a value that does not fit and writes nothing', () => {
    const out = new OutBinary();
    expect(() => encodeWithTypeInfo(info, 'GenericTest::Item', { id: 1, side: 'up' }, out)).toThrow(ValueError);
    expect(() => encodeWithTypeInfo(info, 'GenericTest::Item', { id: 1, side: 'up' }, out)).toThrow(
      'GenericTest::Item.side: expected a constant of GenericTest::Side (left, right), got the string "up"',
    );
    expect(out.length).toBe(0);
  });

  it('reports unknown types by name', () => {
    const broken: TypeInfo = {
      primitives: [],
      classes: new Map([['A', [{ name: 'x', type: 'Mystery[2]' }]]]),
      enums: new Map(),
    };
    expect(() => genericCodec(broken, 'Nope')).toThrow(UnknownTypeError);
    expect(() => genericCodec(broken, 'Nope')).toThrow("unknown type 'Nope'");
    expect(() => genericCodec(broken, 'A')).toThrow(/unknown type 'Mystery'.*used by A\.x/);
  });

  it('handles self-referencing types and bounds their depth', () => {
    const tree: TypeInfo = {
      primitives: ['int'],
      classes: new Map([
        [
          'Node',
          [
            { name: 'v', type: 'int' },
            { name: 'kids', type: 'Node*' },
          ],
        ],
      ]),
      enums: new Map(),
    };
    const node: GenericValue = {
      v: 1,
      kids: [
        { v: 2, kids: [] },
        { v: 3, kids: [{ v: 4, kids: [] }] },
      ],
    };
    const out = new OutBinary();
    encodeWithTypeInfo(tree, 'Node', node, out);
    expect(decodeWithTypeInfo(tree, 'Node', new InBinary(out.toBytes()))).toEqual(node);

    let deep: GenericValue = { v: 0, kids: [] };
    for (let i = 0; i < 100; i++) deep = { v: i, kids: [deep] };
    out.reset();
    encodeWithTypeInfo(tree, 'Node', deep, out);
    expect(() => decodeWithTypeInfo(tree, 'Node', new InBinary(out.toBytes()))).toThrow(StreamError);
  });

  it('rejects a class that contains itself by value', () => {
    const bad: TypeInfo = {
      primitives: [],
      classes: new Map([['Loop', [{ name: 'again', type: 'Loop[1]' }]]]),
      enums: new Map(),
    };
    expect(() => genericCodec(bad, 'Loop')).toThrow(/contains itself/);
  });

  it('bounds fixed arrays by the input before allocating', () => {
    const huge: TypeInfo = { primitives: ['int'], classes: new Map(), enums: new Map() };
    expect(() => decodeWithTypeInfo(huge, 'int[4000000000]', new InBinary(new Uint8Array(8)))).toThrow(StreamError);
  });

  it('parses modifiers outermost-last', () => {
    expect(parseTypeName('short[3]*')).toEqual({ kind: 'dynamic', element: 'short[3]' });
    expect(parseTypeName('float[2][4]')).toEqual({ kind: 'fixed', element: 'float[2]', length: 4 });
    expect(parseTypeName('Eigen::Matrix<float,2,1,0,2,1>')).toEqual({
      kind: 'named',
      name: 'Eigen::Matrix<float,2,1,0,2,1>',
    });
  });
});
