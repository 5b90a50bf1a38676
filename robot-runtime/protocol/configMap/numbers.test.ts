import { describe, expect, it } from 'vitest';
import { formatAngle, formatDouble, formatFloat32, parseAngleLiteral, parseCFloat, parseCInteger } from './numbers';

describe('C number literals', () => {
  it('reads integers: decimal, hex, octal, signs and suffixes', () => {
    const cases: [string, number | undefined][] = [
      ['0', 0],
      ['42', 42],
      ['-7', -7],
      ['+7', 7],
      ['0x1F', 31],
      ['-0X10', -16],
      ['017', 15],
      ['-0', 0],
      ['10u', 10],
      ['10UL', 10],
      ['10ll', 10],
      ['4294967295', 4294967295],
      ['08', undefined],
      ['1.5', undefined],
      ['0x', undefined],
      ['', undefined],
      ['12a', undefined],
      ['1 2', undefined],
    ];
    for (const [text, value] of cases) expect([text, parseCInteger(text)]).toEqual([text, value]);
  });

  it('reads floats: fractions, exponents, f suffix, integer forms, inf and nan', () => {
    const cases: [string, number | undefined][] = [
      ['1', 1],
      ['-2.5', -2.5],
      ['.5', 0.5],
      ['1.', 1],
      ['3e-4', 3e-4],
      ['2E+3', 2000],
      ['2.5f', 2.5],
      ['07.938', 7.938],
      ['0x10', 16],
      ['inf', Infinity],
      ['-INF', -Infinity],
      ['e5', undefined],
      ['1e', undefined],
      ['--1', undefined],
      ['1.2.3', undefined],
    ];
    for (const [text, value] of cases) expect([text, parseCFloat(text)]).toEqual([text, value]);
    expect(parseCFloat('nan')).toBeNaN();
  });

  it('reads angles with deg, rad, pi or no unit (radians)', () => {
    expect(parseAngleLiteral('90deg')).toBeCloseTo(Math.PI / 2, 12);
    expect(parseAngleLiteral('-45 deg')).toBeCloseTo(-Math.PI / 4, 12);
    expect(parseAngleLiteral('0.5pi')).toBeCloseTo(Math.PI / 2, 12);
    expect(parseAngleLiteral('1.25rad')).toBe(1.25);
    expect(parseAngleLiteral('1.25')).toBe(1.25);
    expect(parseAngleLiteral('deg')).toBeUndefined();
    expect(parseAngleLiteral('5grad')).toBeUndefined();
  });
});

describe('number formatting', () => {
  it('prints float32 values with the fewest digits that read back', () => {
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1');
    expect(formatFloat32(0.1)).toBe('0.1');
    expect(formatFloat32(4500)).toBe('4500');
    expect(formatFloat32(-1.5e-7)).toBe('-1.5e-7');
    expect(formatFloat32(3.4e38)).toBe('3.4e+38');
    expect(formatFloat32(Infinity)).toBe('inf');
    for (const v of [Math.PI, 1 / 3, 123456.789, 1e-30, -2.2])
      expect(Math.fround(parseCFloat(formatFloat32(v))!)).toBe(Math.fround(v));
  });

  it('prints doubles shortest-roundtrip', () => {
    expect(formatDouble(0.1)).toBe('0.1');
    expect(formatDouble(1 / 3)).toBe(String(1 / 3));
    expect(formatDouble(-Infinity)).toBe('-inf');
  });

  it('prints angles as degrees, except 10000 and 20000', () => {
    expect(formatAngle(Math.fround(Math.PI / 2))).toBe('90deg');
    expect(formatAngle(Math.fround((6 * Math.PI) / 180))).toBe('6deg');
    expect(formatAngle(Math.fround((-1.5 * Math.PI) / 180))).toBe('-1.5deg');
    expect(formatAngle(0)).toBe('0deg');
    expect(formatAngle(10000)).toBe('10000');
    expect(formatAngle(20000)).toBe('20000');
    for (const v of [0.123, -2.5, 1e-6, 3.14159, 7]) {
      const text = formatAngle(v);
      expect(text).toMatch(/deg$/);
      expect(Math.fround(parseAngleLiteral(text)!)).toBe(Math.fround(v));
    }
  });
});
