import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  MAX_CONFIG_DEPTH,
  parseConfig,
  parseConfigValue,
  stripPositions,
  type ConfigNode,
  type ConfigRecord,
} from './index';

function plain(text: string, file = 'test.cfg'): unknown {
  return stripPositions(parseConfig(text, file));
}

function lit(text: string, quoted = false): unknown {
  return { literal: text, quoted };
}

function errorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

function valueAt(root: ConfigRecord, key: string): ConfigNode {
  return root.entries.find((e) => e.key === key)!.value;
}

describe('parseConfig grammar', () => {
  it('reads records, nested records and arrays in order', () => {
    expect(plain('b = 1; a = {x = 2; y = [p, q,];}; c = [{k = v;}, ];')).toEqual({
      record: [
        ['b', lit('1')],
        [
          'a',
          {
            record: [
              ['x', lit('2')],
              ['y', { array: [lit('p'), lit('q')] }],
            ],
          },
        ],
        ['c', { array: [{ record: [['k', lit('v')]] }] }],
      ],
    });
  });

  it('accepts empty files, empty records and empty arrays', () => {
    expect(plain('')).toEqual({ record: [] });
    expect(plain('  // nothing\n/* at all */')).toEqual({ record: [] });
    expect(plain('r = {}; a = [];')).toEqual({
      record: [
        ['r', { record: [] }],
        ['a', { array: [] }],
      ],
    });
  });

  it('trims bare literals and keeps inner spaces, brackets, quotes and slashes', () => {
    const root = parseConfig('a =   two words  ;\nb = x{y[z"w;\nc = http://host/path;\nd = a\n  b;');
    expect(root.entries.map((e) => [e.key, e.value])).toEqual([
      ['a', { kind: 'literal', text: 'two words', quoted: false, pos: { row: 1, col: 7 } }],
      ['b', { kind: 'literal', text: 'x{y[z"w', quoted: false, pos: { row: 2, col: 5 } }],
      ['c', { kind: 'literal', text: 'http://host/path', quoted: false, pos: { row: 3, col: 5 } }],
      ['d', { kind: 'literal', text: 'a\n  b', quoted: false, pos: { row: 4, col: 5 } }],
    ]);
  });

  it('skips // and /* */ comments wherever a token may start', () => {
    const text = '// head\na /* k */ = /* v */ 1 ; // tail\n/* multi\nline */ b = [ /* e */ 2 /* f */, // g\n 3 ];';
    expect(plain(text)).toEqual({
      record: [
        ['a', lit('1')],
        ['b', { array: [lit('2'), lit('3')] }],
      ],
    });
  });

  it('ends a bare literal at a comment after whitespace, not at // inside a word', () => {
    expect(plain('a = 5 // five\n;\nb = x//y;')).toEqual({
      record: [
        ['a', lit('5')],
        ['b', lit('x//y')],
      ],
    });
    const e = errorOf(() => parseConfig('a = x /* c */ y;'));
    expect([e.row, e.col, e.reason]).toEqual([1, 15, "expected ';' after the value of 'a', found literal 'y'"]);
  });

  it('unescapes quoted literals: \\" \\\\ \\n \\r \\t, any other escaped character stands for itself', () => {
    const root = parseConfig(String.raw`s = "a \"b\" c\\d\ne\rf\tg\x"; e = ""; k = "x;y=z";`);
    expect(valueAt(root, 's')).toMatchObject({ text: 'a "b" c\\d\ne\rf\tgx', quoted: true });
    expect(valueAt(root, 'e')).toMatchObject({ text: '', quoted: true });
    expect(valueAt(root, 'k')).toMatchObject({ text: 'x;y=z', quoted: true });
  });

  it('accepts quoted keys (without their quotes)', () => {
    expect(plain('"a key" = 1;')).toEqual({ record: [['a key', lit('1')]] });
  });

  it('records 1-based positions of keys, values, records and arrays', () => {
    const root = parseConfig('a = 1;\n  b = {\n\tc = [x, "y"];\n};');
    expect(root.pos).toEqual({ row: 1, col: 1 });
    expect(root.entries[0]!.keyPos).toEqual({ row: 1, col: 1 });
    expect(valueAt(root, 'a').pos).toEqual({ row: 1, col: 5 });
    const b = valueAt(root, 'b') as ConfigRecord;
    expect(root.entries[1]!.keyPos).toEqual({ row: 2, col: 3 });
    expect(b.pos).toEqual({ row: 2, col: 7 });
    expect(b.entries[0]!.keyPos).toEqual({ row: 3, col: 2 }); // a tab is one column
    const c = valueAt(b, 'c');
    expect(c.pos).toEqual({ row: 3, col: 6 });
    expect(c.kind === 'array' && c.elements.map((e) => e.pos)).toEqual([
      { row: 3, col: 7 },
      { row: 3, col: 10 },
    ]);
  });

  it('ignores a byte-order mark without shifting columns', () => {
    const root = parseConfig('\uFEFFa = 1;');
    expect(root.entries[0]!.keyPos).toEqual({ row: 1, col: 1 });
  });
});

describe('parseConfig errors', () => {
  const cases: [string, string, number, number, RegExp][] = [
    ['missing semicolon', 'a = 1;\nb = 2\nc = 3;', 3, 3, /expected ';' after the value of 'b', found '='/],
    ['missing equals', 'a = 1;\n  b 2;', 2, 6, /expected '=' after key 'b 2', found ';'/],
    ['missing value', 'a = ;', 1, 5, /expected a value, found ';'/],
    ['unclosed record', 'a = {\n  b = 1;\n', 3, 1, /expected a key or '}', found end of file/],
    ['unclosed array', 'a = [1, 2;', 1, 10, /expected ',' or ']', found ';'/],
    ['stray closing brace', 'a = 1;\n}', 2, 1, /expected a key or end of file, found '}'/],
    ['array in array', 'a = [[1]];', 1, 6, /expected a literal, '\{' or '\]', found '\['/],
    ['unterminated string', 'a = 1;\nb = "abc\n', 2, 5, /unterminated string/],
    ['backslash at end', 'b = "abc\\', 1, 5, /unterminated string/],
    ['unterminated comment', 'a = 1; /* no end\n\n', 1, 8, /unterminated comment/],
    ['duplicate key', 'a = 1;\nr = { x = 1;\n  x = 2; };', 3, 3, /duplicate key 'x' \(first defined at 2:7\)/],
    ['duplicate top-level key', 'a = 1; a = 2;', 1, 8, /duplicate key 'a'/],
  ];
  for (const [name, text, row, col, message] of cases) {
    it(`${name} at ${row}:${col}`, () => {
      const e = errorOf(() => parseConfig(text, 'dir/x.cfg'));
      expect([e.file, e.row, e.col]).toEqual(['dir/x.cfg', row, col]);
      expect(e.reason).toMatch(message);
      expect(e.message).toBe(`dir/x.cfg:${row}:${col}: ${e.reason}`);
    });
  }

  it('limits nesting depth instead of overflowing the stack', () => {
    const deep = `a = ${'['.repeat(10)}`;
    expect(errorOf(() => parseConfig(deep)).reason).toMatch(/expected/);
    const records = `a = ${'{b = '.repeat(MAX_CONFIG_DEPTH + 5)}`;
    expect(errorOf(() => parseConfig(records)).reason).toMatch(/nest deeper than/);
    const ok = `a = ${'{b = '.repeat(MAX_CONFIG_DEPTH - 1)}1;${'};'.repeat(MAX_CONFIG_DEPTH - 1)}`;
    expect(() => parseConfig(ok)).not.toThrow();
  });
});

describe('JSON-like variant', () => {
  it('is chosen by the .json file name and reads nested arrays', () => {
    expect(plain('{ "a": 1, "b": { "c": [1, [2, 3], {"d": "e\\u0041"}], }, }', 'x.json')).toEqual({
      record: [
        ['a', lit('1')],
        [
          'b',
          {
            record: [
              ['c', { array: [lit('1'), { array: [lit('2'), lit('3')] }, { record: [['d', lit('eA', true)]] }] }],
            ],
          },
        ],
      ],
    });
  });

  it('reports JSON syntax errors with positions', () => {
    const e = errorOf(() => parseConfig('{"a": 1\n "b": 2}', 'x.json'));
    expect([e.row, e.col]).toEqual([2, 2]);
    expect(e.reason).toMatch(/expected ',' or '}'/);
    expect(errorOf(() => parseConfig('"a": 1', 'x.json')).reason).toMatch(/expected '\{'/);
  });
});

describe('parseConfigValue', () => {
  it('reads one literal, record or array, with an optional semicolon', () => {
    expect(stripPositions(parseConfigValue('30deg'))).toEqual(lit('30deg'));
    expect(stripPositions(parseConfigValue('{x = 1; y = 2;};'))).toEqual({
      record: [
        ['x', lit('1')],
        ['y', lit('2')],
      ],
    });
    expect(stripPositions(parseConfigValue(' [a, b] '))).toEqual({ array: [lit('a'), lit('b')] });
  });

  it('rejects trailing input and empty input', () => {
    expect(errorOf(() => parseConfigValue('[a] b', 'c')).reason).toMatch(/expected end of input, found literal 'b'/);
    expect(errorOf(() => parseConfigValue('')).reason).toMatch(/expected a value, found end of file/);
  });
});
