import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseSetData, parseTyped, stripPositions, writeConfig } from './index';
import { Pose2f, t } from '../types';
import { mutateConfigText as mutate, prng } from './fuzz';

const SAMPLE = `// own sample covering every construct
maxDistance = 4500;
aim = 6deg; /* block */
name = "quoted \\"text\\" \\\\ here";
pose = {rotation = -90deg; translation = {x = -3000; y = 1500;};};
zones = [ {min = 200; max = 800;}, {min = 900; max = 1500;}, ];
list = [a, b c, "d;e",];
empty = {};
`;

describe('fuzzing the parser', () => {
  it('throws nothing but ConfigError and re-parses whatever it accepts', () => {
    const random = prng(1234);
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const text = mutate(SAMPLE, random);
      const json = i % 5 === 0;
      try {
        const tree = parseConfig(json ? `{${text}}` : text, json ? 'f.json' : 'f.cfg');
        accepted++;
        if (!json) expect(stripPositions(parseConfig(writeConfig(tree)))).toEqual(stripPositions(tree));
      } catch (e) {
        if (!(e instanceof ConfigError)) throw new Error(`seed 1234 case ${i}: ${String(e)}\n${text}`);
        expect(e.row).toBeGreaterThanOrEqual(1);
        expect(e.col).toBeGreaterThanOrEqual(1);
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('typed reading never throws on mutated input', () => {
    const random = prng(99);
    for (let i = 0; i < 500; i++) {
      const text = mutate('rotation = 10deg; translation = {x = 1; y = 2;};', random);
      expect(() => parseTyped(Pose2f, text, 'p.cfg')).not.toThrow();
      expect(() => parseSetData(t.vector(t.angle), mutate('[1deg, 2pi]', random))).not.toThrow();
    }
  });

  it('refuses pathological inputs with a ConfigError', () => {
    // No time is asserted here: the parser's speed is a figure of `npm run bench` (config maps).
    for (const text of [
      '['.repeat(100000),
      '{'.repeat(100000),
      'a = '.repeat(50000),
      '"'.repeat(100001),
      '/*'.repeat(50000),
      'a'.repeat(200000),
      '\\'.repeat(1000),
    ]) {
      expect(() => parseConfig(text)).toThrow(ConfigError);
    }
    expect(() => parseConfig(`{"a": ${'['.repeat(100000)}`, 'deep.json')).toThrow(/nest deeper than/);
  });
});
