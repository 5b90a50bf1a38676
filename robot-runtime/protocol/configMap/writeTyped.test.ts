import { describe, expect, it } from 'vitest';
import { defineClass, defineEnum, field, Matrix2f, Pose2f, t, Vector2f } from '../types';
import { parseSetData, parseTyped, readTypedValue, toConfigTree, writeTyped } from './index';

const Foot = defineEnum('ConfigMapWriteTest::Foot', ['left', 'right']);
const Joint = defineEnum('ConfigMapWriteTest::Joint', ['headYaw', 'headPitch']);

const Params = defineClass('ConfigMapWriteTest::Params', {
  maxKickDistance: field(t.int32, '', 4500),
  aimTolerance: field(t.angle, '', Math.fround((6 * Math.PI) / 180)),
  off: field(t.angle, '', 10000),
  preferredFoot: field(Foot, '', Foot.right),
  kicks: field(t.vector(Foot), '', [Foot.left, Foot.right]),
  gain: field(t.float, '', Math.fround(0.1)),
  label: field(t.string, '', 'two words'),
  startPose: field(Pose2f, '', { rotation: Math.fround(-Math.PI / 2), translation: { x: -3000, y: 1500 } }),
  offsets: field(t.enumArray(Joint, t.angle), '', [0, Math.fround((1.5 * Math.PI) / 180)]),
  processNoise: field(Matrix2f, '', [900, 0, 0, 6400]),
  maybe: field(t.optional(Vector2f), ''),
  blob: field(t.bytes(), '', () => new Uint8Array([1, 2])),
  flags: field(t.array(t.bool, 2), '', [true, false]),
});

describe('writeTyped', () => {
  it('writes degrees, shortest floats, enum names and adapted classes (single-line innermost)', () => {
    expect(writeTyped(Params, Params.defaultValue(), 'singleLineInnermost')).toBe(
      [
        'maxKickDistance = 4500;',
        'aimTolerance = 6deg;',
        'off = 10000;',
        'preferredFoot = right;',
        'kicks = [left, right];',
        'gain = 0.1;',
        'label = "two words";',
        'startPose = {',
        '  rotation = -90deg;',
        '  translation = {x = -3000; y = 1500;};',
        '};',
        'offsets = {headYaw = 0deg; headPitch = 1.5deg;};',
        'processNoise = {',
        '  cols = [',
        '    {',
        '      elems = [900, 0];', // a record holding an array is not innermost
        '    },',
        '    {',
        '      elems = [0, 6400];',
        '    }',
        '  ];',
        '};',
        'maybe = [];',
        'blob = [1, 2];',
        'flags = [true, false];',
        '',
      ].join('\n'),
    );
  });

  it('writes a single line for the console get', () => {
    expect(writeTyped(Vector2f, { x: 1.5, y: -2 }, 'singleLine')).toBe('x = 1.5; y = -2;');
    expect(writeTyped(t.optional(t.int32), 3, { style: 'singleLine' })).toBe('[3]');
  });

  it('reads back exactly what it wrote', () => {
    const value = {
      ...Params.defaultValue(),
      maybe: { x: 1, y: Math.fround(0.3) },
      gain: Math.fround(Math.PI),
      label: 'he said "hi"',
    };
    for (const style of ['multiLine', 'singleLine', 'singleLineInnermost'] as const) {
      const { value: back, diagnostics } = parseTyped(Params, writeTyped(Params, value, style), 'x');
      expect(diagnostics).toEqual([]);
      expect(back).toEqual(value);
    }
  });

  it('builds generic trees (toConfigTree) with enums by name and optionals as arrays', () => {
    expect(toConfigTree(t.optional(Foot), Foot.left)).toMatchObject({
      kind: 'array',
      elements: [{ kind: 'literal', text: 'left' }],
    });
    expect(toConfigTree(t.angle, 20000)).toMatchObject({ kind: 'literal', text: '20000' });
  });
});

describe('console set data', () => {
  it('treats data without = as a single value', () => {
    expect(parseSetData(t.angle, '45deg')).toEqual({ value: Math.fround(Math.PI / 4), diagnostics: [] });
    expect(parseSetData(t.vector(Foot), '[left, left]').value).toEqual([0, 0]);
    expect(readTypedValue(Vector2f, '{x = 1; y = 2;}').value).toEqual({ x: 1, y: 2 });
  });

  it('treats data with = as a record body', () => {
    expect(parseSetData(Vector2f, 'x = 1; y = 2;')).toEqual({ value: { x: 1, y: 2 }, diagnostics: [] });
    expect(parseSetData(t.int32, 'value = 5;').value).toBe(5);
  });

  it('reports problems with positions in the data', () => {
    const { diagnostics } = parseSetData(Foot, 'middle', 'set foot');
    expect(diagnostics).toMatchObject([
      {
        severity: 'error',
        file: 'set foot',
        row: 1,
        col: 1,
        message: "'middle' is not a constant of ConfigMapWriteTest::Foot; allowed: left, right",
      },
    ]);
    expect(parseSetData(Vector2f, 'x = 1 y = 2;').diagnostics[0]).toMatchObject({
      row: 1,
      col: 9,
      message: "expected ';' after the value of 'x', found '='",
    });
  });
});
