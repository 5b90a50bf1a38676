import { describe, expect, it } from 'vitest';
import { StreamError } from '@robot-runtime/protocol/binary';
import { emptyTypeInfo, TypeNestingError } from '@robot-runtime/protocol/typeInfo';
import { TypeInfoTypes } from './typeData';

/** A robot's type info with an empty class and a chain of `depth` classes each holding the next. */
function hostileInfo(depth: number) {
  const info = emptyTypeInfo();
  info.classes.set('Empty', []);
  for (let i = 0; i < depth; i++)
    info.classes.set(`C${i}`, [{ name: 'next', type: i + 1 < depth ? `C${i + 1}` : 'float' }]);
  return info;
}

describe('the console decoding a hostile robot type info (findings 1 and 11)', () => {
  it('refuses huge data of empty classes described by no bytes', () => {
    expect(() => new TypeInfoTypes(hostileInfo(0)).decode('Empty[65536][64]', new Uint8Array(0))).toThrow(StreamError);
  });

  it('reports deeply chained classes and modifiers as TypeNestingError', () => {
    for (const build of [
      () => new TypeInfoTypes(hostileInfo(20_000)).type('C0'),
      () => new TypeInfoTypes(hostileInfo(0)).type(`float${'[1]'.repeat(20_000)}`),
    ]) {
      let error: unknown;
      try {
        build();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TypeNestingError);
      expect((error as Error).message).toMatch(/nests deeper than \d+ levels \((C0|float\[1\]).* → /);
    }
    expect(new TypeInfoTypes(hostileInfo(0)).has(`float${'[1]'.repeat(20_000)}`)).toBe(false);
  });
});
