import { describe, expect, it } from 'vitest';
import {
  configArray,
  configLiteral,
  configRecord,
  ConfigError,
  needsQuotes,
  parseConfig,
  stripPositions,
  writeConfig,
} from './index';

const sample = configRecord([
  ['name', configLiteral('two words')],
  ['enabled', configLiteral('true')],
  [
    'pose',
    configRecord([
      ['rotation', configLiteral('90deg')],
      [
        'translation',
        configRecord([
          ['x', configLiteral('1')],
          ['y', configLiteral('-2')],
        ]),
      ],
    ]),
  ],
  ['kicks', configArray([configLiteral('left'), configLiteral('right')])],
  [
    'zones',
    configArray([
      configRecord([
        ['min', configLiteral('1')],
        ['max', configLiteral('2')],
      ]),
    ]),
  ],
  ['none', configArray([])],
  ['empty', configRecord([])],
]);

describe('writeConfig styles', () => {
  it('multiLine: one entry per line, 2-space indent, commas between array elements', () => {
    expect(writeConfig(sample)).toBe(
      [
        'name = "two words";',
        'enabled = true;',
        'pose = {',
        '  rotation = 90deg;',
        '  translation = {',
        '    x = 1;',
        '    y = -2;',
        '  };',
        '};',
        'kicks = [',
        '  left,',
        '  right',
        '];',
        'zones = [',
        '  {',
        '    min = 1;',
        '    max = 2;',
        '  }',
        '];',
        'none = [];',
        'empty = {};',
        '',
      ].join('\n'),
    );
  });

  it('singleLine: everything on one line, as the console get prints it', () => {
    expect(writeConfig(sample, { style: 'singleLine' })).toBe(
      'name = "two words"; enabled = true; pose = {rotation = 90deg; translation = {x = 1; y = -2;};}; kicks = [left, right]; zones = [{min = 1; max = 2;}]; none = []; empty = {};',
    );
  });

  it('singleLineInnermost: collapses innermost records and arrays that fit', () => {
    expect(writeConfig(sample, { style: 'singleLineInnermost' })).toBe(
      [
        'name = "two words";',
        'enabled = true;',
        'pose = {',
        '  rotation = 90deg;',
        '  translation = {x = 1; y = -2;};',
        '};',
        'kicks = [left, right];',
        'zones = [',
        '  {min = 1; max = 2;}',
        '];',
        'none = [];',
        'empty = {};',
        '',
      ].join('\n'),
    );
  });

  it('singleLineInnermost keeps lines within maxLineLength (indent included)', () => {
    const tree = configRecord([
      ['outer', configRecord([['list', configArray(['aaaa', 'bbbb', 'cccc'].map((s) => configLiteral(s)))]])],
    ]);
    const fits = '  list = [aaaa, bbbb, cccc];';
    expect(writeConfig(tree, { style: 'singleLineInnermost', maxLineLength: fits.length })).toContain(fits);
    expect(writeConfig(tree, { style: 'singleLineInnermost', maxLineLength: fits.length - 1 })).toContain(
      '  list = [\n    aaaa,\n',
    );
  });

  it('writes a non-record root as a bare value', () => {
    expect(writeConfig(configLiteral('a b'))).toBe('"a b"');
    expect(writeConfig(configArray([configLiteral('1')]), { style: 'singleLine' })).toBe('[1]');
  });

  it('refuses arrays inside arrays, which .cfg cannot express', () => {
    const tree = parseConfig('{"a": [[1]]}', 'x.json');
    expect(() => writeConfig(tree, { file: 'x.json' })).toThrow(ConfigError);
    expect(() => writeConfig(tree, { file: 'x.json' })).toThrow(/^x\.json:1:8: an array inside an array/);
  });
});

describe('quoting', () => {
  it('quotes exactly what formats §6.2 lists, plus what would otherwise lex differently', () => {
    for (const s of [
      '',
      '"x',
      'a b',
      'a\tb',
      'a\nb',
      'a\rb',
      'a=b',
      'a,b',
      'a;b',
      'a]b',
      'a}b',
      '{a',
      '[a',
      '//a',
      '/*a',
      'a\vb',
    ]) {
      expect([s, needsQuotes(s)]).toEqual([s, true]);
    }
    for (const s of ['abc', 'x"y', 'a{b', 'a[b', 'http://x', '-1.5', '30deg', 'a/b', '/a'])
      expect([s, needsQuotes(s)]).toEqual([s, false]);
  });

  it('escapes quotes, backslashes and control characters in quoted literals (bare ones have no escapes)', () => {
    const nasty = [
      'he said "hi"',
      'back\\slash',
      'line\nbreak\ttab\rcr',
      '',
      ' lead',
      'trail ',
      '{x',
      '// no comment',
      'a;b=c,d]e}f',
      'üñí',
    ];
    const tree = configRecord(nasty.map((s, i) => [`k${i}`, configLiteral(s)] as const));
    expect(writeConfig(tree, { style: 'singleLine' })).toContain(
      'k0 = "he said \\"hi\\""; k1 = back\\slash; k2 = "line\\nbreak\\ttab\\rcr";',
    );
    for (const style of ['multiLine', 'singleLine', 'singleLineInnermost'] as const) {
      const back = parseConfig(writeConfig(tree, { style }));
      expect(back.entries.map((e) => e.value.kind === 'literal' && e.value.text)).toEqual(nasty);
    }
  });

  it('quotes keys that need it', () => {
    const tree = configRecord([['a key', configLiteral('1')]]);
    expect(writeConfig(tree)).toBe('"a key" = 1;\n');
    expect(stripPositions(parseConfig(writeConfig(tree)))).toEqual(stripPositions(tree));
  });
});

describe('round trip', () => {
  it('parse(write(tree)) equals tree in every style', () => {
    const text = 'a = 1; b = { c = [x, "y z", {d = "";}, ]; e = {}; }; f = [ ]; "g h" = "\\"q\\"";';
    const tree = parseConfig(text);
    for (const style of ['multiLine', 'singleLine', 'singleLineInnermost'] as const) {
      expect(stripPositions(parseConfig(writeConfig(tree, { style })))).toEqual(stripPositions(tree));
    }
  });
});
