import { describe, expect, it } from 'vitest';
import { InBinary, StreamError } from '../binary';
import {
  decodeWithTypeInfo,
  emptyTypeInfo,
  genericCodec,
  MAX_TYPE_NESTING,
  TypeNestingError,
  type TypeInfo,
} from './index';

/** Type info with an empty class and `extra` classes, generated here. */
function infoWith(classes: [string, { name: string; type: string }[]][]): TypeInfo {
  const info = emptyTypeInfo();
  info.classes.set('Empty', []);
  for (const [name, attributes] of classes) info.classes.set(name, attributes);
  return info;
}

function decodeError(info: TypeInfo, typeName: string, bytes: Uint8Array): unknown {
  try {
    decodeWithTypeInfo(info, typeName, new InBinary(bytes));
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('type info describing huge data from nothing (finding 1)', () => {
  it('bounds the total work of nested arrays of empty classes by the input size', () => {
    // 4 million objects from zero bytes; Empty[65536][65536] is the same with 4 billion.
    const error = decodeError(infoWith([]), 'Empty[65536][64]', new Uint8Array(0));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toMatch(/no bytes/);
    expect(decodeError(infoWith([]), 'Empty[65536][65536]', new Uint8Array(0))).toBeInstanceOf(StreamError);
  });

  it('bounds vectors of arrays of empty classes and doubling class chains', () => {
    const count = new Uint8Array([0, 0, 1, 0]); // 65536
    expect(decodeError(infoWith([]), 'Empty[65536]*', count)).toBeInstanceOf(StreamError);
    // X0 = Empty, Xi = {a: Xi-1, b: Xi-1}: 2^30 objects described by 30 tiny classes and no data at all.
    const chain: [string, { name: string; type: string }[]][] = [];
    for (let i = 1; i <= 30; i++)
      chain.push([
        `X${i}`,
        [
          { name: 'a', type: i === 1 ? 'Empty' : `X${i - 1}` },
          { name: 'b', type: i === 1 ? 'Empty' : `X${i - 1}` },
        ],
      ]);
    expect(decodeError(infoWith(chain), 'X30', new Uint8Array(0))).toBeInstanceOf(StreamError);
  });

  it('still decodes modest amounts of empty values', () => {
    const value = decodeWithTypeInfo(infoWith([]), 'Empty[1000]', new InBinary(new Uint8Array(0)));
    expect(value).toHaveLength(1000);
  });
});

describe('deeply chained type names (finding 11, type info)', () => {
  const depth = 20_000;

  it('reports a chain of classes as a TypeNestingError naming where, not a stack overflow', () => {
    const chain: [string, { name: string; type: string }[]][] = [];
    for (let i = 0; i < depth; i++)
      chain.push([`C${i}`, [{ name: 'next', type: i + 1 < depth ? `C${i + 1}` : 'float' }]]);
    const info = infoWith(chain);
    let error: unknown;
    try {
      genericCodec(info, 'C0');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeNestingError);
    expect((error as TypeNestingError).chain[0]).toBe('C0');
    expect((error as TypeNestingError).chain).toHaveLength(MAX_TYPE_NESTING + 1);
  });

  it('reports a chain of array modifiers the same way', () => {
    const name = `float${'[1]'.repeat(depth)}`;
    expect(() => genericCodec(infoWith([]), name)).toThrow(/nests deeper than \d+ levels/);
  });
});
