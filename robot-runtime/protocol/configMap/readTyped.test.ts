import { describe, expect, it } from 'vitest';
import { defineClass, defineEnum, field, Matrix2f, Pose2f, Rangef, t, Vector2f, type ValueOf } from '../types';
import {
  formatDiagnostic,
  hasErrors,
  parseConfig,
  parseConfigValue,
  parseTyped,
  readContext,
  readTyped,
  type ConfigDiagnostic,
  type TypedResult,
} from './index';

const Quality = defineEnum('ConfigMapTest::Quality', ['poor', 'fine', 'superb']);
const Joint = defineEnum('ConfigMapTest::Joint', ['headYaw', 'headPitch']);

const Params = defineClass('ConfigMapTest::Params', {
  flag: field(t.bool, 'a flag'),
  count: field(t.int32, 'a count', 7),
  small: field(t.uint8, 'a byte'),
  ratio: field(t.float, 'a float'),
  precise: field(t.double, 'a double'),
  heading: field(t.angle, 'an angle'),
  name: field(t.string, 'a name', 'none'),
  quality: field(Quality, 'an enum', Quality.fine),
  pair: field(t.array(t.int16, 2), 'a fixed array', [1, 2]),
  list: field(t.vector(Rangef), 'a vector of records'),
  blob: field(t.bytes(), 'bytes'),
  maybe: field(t.optional(t.float), 'an optional'),
  offsets: field(t.enumArray(Joint, t.angle), 'an enum-indexed array'),
  pose: field(Pose2f, 'a pose'),
  noise: field(Matrix2f, 'an adapted class'),
});

function read(text: string): TypedResult<ValueOf<typeof Params>> {
  return parseTyped(Params, text, 'params.cfg');
}

function brief(diagnostics: ConfigDiagnostic[]): string[] {
  return diagnostics.map((d) => `${d.severity} ${d.row}:${d.col} ${d.path}: ${d.message}`);
}

const full = `flag = 1;
count = -0x10;
small = 255;
ratio = 0.1;
precise = 1e-3;
heading = 0.5pi;
name = "a b";
quality = superb;
pair = [3, -4];
list = [{min = 1; max = 2.5;}, {min = -1; max = 0;}];
blob = [0, 127, 255];
maybe = [1.5];
offsets = {headYaw = 90deg; headPitch = -1.5;};
pose = {rotation = 180deg; translation = {x = 1000; y = -500;};};
noise = {cols = [{elems = [900, 0];}, {elems = [0, 6400];}];};
`;

describe('readTyped: every descriptor kind', () => {
  it('reads a complete file without diagnostics', () => {
    const { value, diagnostics } = read(full);
    expect(diagnostics).toEqual([]);
    expect(value).toEqual({
      flag: true,
      count: -16,
      small: 255,
      ratio: Math.fround(0.1),
      precise: 1e-3,
      heading: Math.fround(Math.PI / 2),
      name: 'a b',
      quality: Quality.superb,
      pair: [3, -4],
      list: [
        { min: 1, max: 2.5 },
        { min: -1, max: 0 },
      ],
      blob: new Uint8Array([0, 127, 255]),
      maybe: 1.5,
      offsets: [Math.fround(Math.PI / 2), -1.5],
      pose: { rotation: Math.fround(Math.PI), translation: { x: 1000, y: -500 } },
      noise: [900, 0, 0, 6400],
    });
  });

  it('reads booleans as true/false/1/0 and empty optionals as undefined', () => {
    const { value } = read(full.replace('flag = 1;', 'flag = false;').replace('maybe = [1.5];', 'maybe = [];'));
    expect(value.flag).toBe(false);
    expect(value.maybe).toBeUndefined();
  });

  it('warns about missing attributes and keeps the field defaults', () => {
    const { value, diagnostics } = read('flag = true;\npose = {rotation = 10deg;};\n');
    expect(value.count).toBe(7);
    expect(value.name).toBe('none');
    expect(value.quality).toBe(Quality.fine);
    expect(value.pair).toEqual([1, 2]);
    expect(value.pose.translation).toEqual({ x: 0, y: 0 });
    expect(hasErrors(diagnostics)).toBe(false);
    expect(brief(diagnostics)).toContain("warning 1:1 : missing attribute 'count' (keeping its default)");
    expect(brief(diagnostics)).toContain("warning 2:8 pose: missing attribute 'translation' (keeping its default)");
  });

  it('warns about unused attributes and unused optional elements', () => {
    const { diagnostics } = read(
      `${full}extra = 1;\n`
        .replace('maybe = [1.5];', 'maybe = [1, 2];')
        .replace('{min = 1; max = 2.5;}', '{min = 1; max = 2.5; mid = 2;}'),
    );
    expect(brief(diagnostics)).toEqual([
      "warning 10:30 list[0]: unused attribute 'mid'",
      'warning 12:13 maybe: unused array element 1 (an optional holds at most one value)',
      "warning 16:1 : unused attribute 'extra'",
    ]);
  });

  it('reports wrong types, bad numbers, ranges and enum names as errors and keeps defaults', () => {
    const text = `flag = yes;
count = 1.5;
small = 256;
ratio = {x = 1;};
heading = 5grad;
quality = great;
pair = [1, 2, 3];
list = [{min = a; max = 1;}];
blob = [1, -1];
offsets = [1, 2];
pose = 5;
noise = {cols = [{elems = [1];}, {elems = [1, 2];}];};
precise = 1e400x;
`;
    const { value, diagnostics } = read(text);
    // In field order, as the reader visits them.
    expect(brief(diagnostics).filter((d) => d.startsWith('error'))).toEqual([
      "error 1:8 flag: expected true, false, 1 or 0, found 'yes'",
      "error 2:9 count: expected an integer (int), found '1.5'",
      'error 3:9 small: 256 is out of range for unsigned char (0..255)',
      'error 4:9 ratio: expected a number, found a record',
      "error 13:11 precise: expected a number, found '1e400x'",
      "error 5:11 heading: expected an angle like 30deg, 0.5pi or 1.2rad (no unit: radians), found '5grad'",
      "error 6:11 quality: 'great' is not a constant of ConfigMapTest::Quality; allowed: poor, fine, superb",
      'error 7:8 pair: expected exactly 2 elements, found 3',
      "error 8:16 list[0].min: expected a number, found 'a'",
      'error 9:12 blob[1]: -1 is out of range for unsigned char (0..255)',
      'error 10:11 offsets: expected a record keyed by ConfigMapTest::Joint constants, found an array',
      "error 11:8 pose: expected a record (Pose2f), found literal '5'",
      'error 12:27 noise.cols[0].elems: expected exactly 2 elements, found 1',
    ]);
    expect(value.flag).toBe(false);
    expect(value.count).toBe(7);
    expect(value.quality).toBe(Quality.fine);
    expect(value.pair).toEqual([1, 2]);
    expect(value.list).toEqual([{ min: 0, max: 1 }]);
    expect(value.noise).toEqual([1, 0, 1, 2]);
  });

  it('range-checks every integer width', () => {
    const Ints = defineClass('ConfigMapTest::Ints', {
      a: field(t.int8, ''),
      b: field(t.uint16, ''),
      c: field(t.int32, ''),
      d: field(t.uint32, ''),
      e: field(t.char, ''),
    });
    const ok = parseTyped(Ints, 'a = -128; b = 0xFFFF; c = -2147483648; d = 4294967295u; e = 127;', 'x');
    expect(ok.diagnostics).toEqual([]);
    expect(ok.value).toEqual({ a: -128, b: 65535, c: -2147483648, d: 4294967295, e: 127 });
    const bad = parseTyped(Ints, 'a = 128; b = -1; c = 2147483648; d = 0x100000000; e = -129;', 'x');
    expect(bad.diagnostics.map((d) => d.message)).toEqual([
      '128 is out of range for signed char (-128..127)',
      '-1 is out of range for unsigned short (0..65535)',
      '2147483648 is out of range for int (-2147483648..2147483647)',
      '0x100000000 is out of range for unsigned int (0..4294967295)',
      '-129 is out of range for char (-128..127)',
    ]);
  });

  it('rejects floats beyond float32 but accepts them as doubles', () => {
    const F = defineClass('ConfigMapTest::F', { f: field(t.float, ''), d: field(t.double, '') });
    const { value, diagnostics } = parseTyped(F, 'f = 1e39; d = 1e39;', 'x');
    expect(diagnostics.map((d) => d.message)).toEqual(['1e39 is out of range for float']);
    expect(value.d).toBe(1e39);
  });

  it('formats diagnostics as file:row:col', () => {
    const { diagnostics } = read('flag = maybe;');
    expect(formatDiagnostic(diagnostics[0]!)).toBe(
      "params.cfg:1:8: error: flag: expected true, false, 1 or 0, found 'maybe'",
    );
  });

  it('turns syntax errors into a diagnostic and returns the defaults', () => {
    const { value, diagnostics } = read('flag = true\ncount = 2;');
    expect(brief(diagnostics)).toEqual(["error 2:7 : expected ';' after the value of 'flag', found '='"]);
    expect(value).toEqual(Params.defaultValue());
  });

  it('reads with readTyped directly from a node, with a caller-supplied fallback', () => {
    const ctx = readContext('inline');
    const v = readTyped(Vector2f, parseConfigValue('{x = 3;}'), ctx, 'pos', () => ({ x: 1, y: 9 }));
    expect(v).toEqual({ x: 3, y: 9 });
    expect(ctx.diagnostics.map((d) => d.message)).toEqual(["missing attribute 'y' (keeping its default)"]);
  });

  it('reads a non-class type from a file as `value = …;`', () => {
    expect(parseTyped(t.vector(Quality), 'value = [poor, superb];', 'x')).toEqual({ value: [0, 2], diagnostics: [] });
  });

  it('parses the whole real-world shape of a threads.cfg-like file', () => {
    const Provider = defineClass('ConfigMapTest::Provider', {
      representation: field(t.string, ''),
      provider: field(t.string, ''),
    });
    const Thread = defineClass('ConfigMapTest::Thread', {
      name: field(t.string, ''),
      priority: field(t.int32, ''),
      representationProviders: field(t.vector(Provider), ''),
    });
    const Threads = defineClass('ConfigMapTest::Threads', {
      defaultRepresentations: field(t.vector(t.string), ''),
      threads: field(t.vector(Thread), ''),
    });
    const text =
      'defaultRepresentations = [A, B];\nthreads = [\n  {\n    name = Motion; priority = 20;\n    representationProviders = [{representation = R; provider = M;},];\n  },\n];\n';
    const tree = parseConfig(text, 'threads.cfg');
    const ctx = readContext('threads.cfg');
    expect(readTyped(Threads, tree, ctx)).toEqual({
      defaultRepresentations: ['A', 'B'],
      threads: [{ name: 'Motion', priority: 20, representationProviders: [{ representation: 'R', provider: 'M' }] }],
    });
    expect(ctx.diagnostics).toEqual([]);
  });
});
