import { describe, expect, it } from 'vitest';
import type { DataNode } from '../../app/ipc/viewData';
import { angleToDegrees, degreesToAngle, setDataText, valueText, withValue } from './configText';

const tree: DataNode = {
  name: 'module:BehaviorControl',
  type: 'BehaviorControl',
  kind: 'record',
  children: [
    { name: 'ballLostTime', type: 'unsigned int', kind: 'integer', value: 3000 },
    { name: 'kickAngleTolerance', type: 'Angle', kind: 'angle', value: Math.PI / 4 },
    { name: 'mode', type: 'Mode', kind: 'enum', value: 1, enumNames: ['a', 'b'] },
    { name: 'label', type: 'std::string', kind: 'string', value: 'two words' },
    { name: 'on', type: 'bool', kind: 'bool', value: true },
    {
      name: 'pos',
      type: 'Vector2f',
      kind: 'record',
      children: [{ name: 'x', type: 'float', kind: 'number', value: 1.5 }],
    },
    {
      name: 'list',
      type: 'float[2]',
      kind: 'list',
      children: [
        { name: '[0]', type: 'Angle', kind: 'angle', value: 10000 },
        { name: '[1]', type: 'float', kind: 'number', value: -2 },
      ],
    },
  ],
};

describe('config text of data view trees', () => {
  it('writes a record body with degrees, enum names and quoted strings', () => {
    expect(setDataText(tree)).toBe(
      'ballLostTime = 3000; kickAngleTolerance = 45deg; mode = b; label = "two words"; on = true; pos = {x = 1.5;}; list = [10000, -2];',
    );
  });

  it('writes single values bare and edits by path without touching the original', () => {
    const edited = withValue(tree, [0], 1234);
    expect(valueText(edited.children![0]!)).toBe('1234');
    expect(valueText(tree.children![0]!)).toBe('3000');
    expect(setDataText({ name: 'x', type: 'float', kind: 'number', value: 0.25 })).toBe('0.25');
  });

  it('converts angles but keeps the joint sentinels', () => {
    expect(angleToDegrees(Math.PI)).toBeCloseTo(180);
    expect(degreesToAngle(90)).toBeCloseTo(Math.PI / 2);
    expect(angleToDegrees(20000)).toBe(20000);
  });
});
