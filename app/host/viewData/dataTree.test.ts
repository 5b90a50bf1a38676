import { describe, expect, it } from 'vitest';
import { defineClass, field, t } from '@robot-runtime/protocol/types';
import { toJsonValue } from './jsonValue';
import { dataTree } from './dataTree';

describe('dataTree', () => {
  it('types leaves by kind and walks records and lists', () => {
    const Inner = defineClass('Test::Inner', { on: field(t.bool, 'on') });
    const Outer = defineClass('Test::Outer', {
      count: field(t.int32, 'count'),
      gain: field(t.float, 'gain'),
      heading: field(t.angle, 'heading'),
      name: field(t.string, 'name'),
      items: field(t.vector(Inner), 'items'),
    });
    const tree = dataTree('key', Outer, { count: 3, gain: 0.5, heading: 1, name: 'x', items: [{ on: true }] });
    expect(tree.kind).toBe('record');
    expect(tree.children!.map((c) => c.kind)).toEqual(['integer', 'number', 'angle', 'string', 'list']);
    expect(tree.children![4]).toMatchObject({
      fixed: false,
      children: [{ name: '[0]', kind: 'record', children: [{ name: 'on', kind: 'bool', value: true }] }],
    });
  });

  it('makes decoded values JSON-safe', () => {
    expect(toJsonValue({ a: new Uint8Array(3), b: [NaN, 1], c: 'x' })).toEqual({
      a: { bytes: 3 },
      b: ['NaN', 1],
      c: 'x',
    });
  });
});
