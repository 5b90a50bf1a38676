import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CFG_USAGE, runCfg } from './cfgCommand';

function run(...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCfg(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('runCfg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitchside-cfgcmd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    return path;
  };

  it('check: summary and exit 0 when everything parses, directories searched recursively', () => {
    file('tree/a.cfg', 'a = 1;');
    file('tree/sub/b.cfg', 'b = [x, y];');
    file('tree/sub/notes.txt', 'not a config = ;');
    expect(run('check', join(dir, 'tree'))).toEqual({ code: 0, out: 'cfg check: 2 files, no errors\n', err: '' });
  });

  it('check: one line per bad file, unreadable files included, exit 1', () => {
    const bad = file('bad.cfg', 'a = 1;\na = 2;');
    const missing = join(dir, 'missing.cfg');
    const r = run('check', bad, missing);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `${bad}:2:1: duplicate key 'a' (first defined at 1:1)\n${missing}:1:1: cannot read file (ENOENT)\ncfg check: 2 files, 2 with errors\n`,
    );
  });

  it('check: .json files use the JSON-like variant', () => {
    expect(run('check', file('x.json', '{"a": [1, [2]]}')).code).toBe(0);
  });

  it('fmt: prints the canonical multi-line form, or another style', () => {
    const f = file('fmt.cfg', 'b = {x=1;y=2;}; // c\nlist=[ a,b ];');
    expect(run('fmt', f)).toEqual({
      code: 0,
      out: 'b = {\n  x = 1;\n  y = 2;\n};\nlist = [\n  a,\n  b\n];\n',
      err: '',
    });
    expect(run('fmt', '--style=singleLineInnermost', f).out).toBe('b = {x = 1; y = 2;};\nlist = [a, b];\n');
    expect(run('fmt', '--style=singleLine', f).out).toBe('b = {x = 1; y = 2;}; list = [a, b];\n');
    expect(run('fmt', '--style=singleLineInnermost', '--max=10', f).out).toBe(
      'b = {\n  x = 1;\n  y = 2;\n};\nlist = [\n  a,\n  b\n];\n',
    );
  });

  it('fmt: reports parse errors on stderr with exit 1', () => {
    const f = file('broken.cfg', 'a = [1');
    expect(run('fmt', f)).toEqual({ code: 1, out: '', err: `${f}:1:7: expected ',' or ']', found end of file\n` });
  });

  it('prints usage with exit 2 for bad arguments', () => {
    for (const args of [
      [],
      ['frob'],
      ['check'],
      ['fmt'],
      ['fmt', 'a', 'b'],
      ['fmt', '--style=fancy', 'a'],
      ['fmt', '--max=0', 'a'],
      ['fmt', '--wat', 'a'],
    ]) {
      const r = run(...args);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.err).toContain(CFG_USAGE);
      expect(r.err).toMatch(/^cfg: /);
    }
    expect(run('--help')).toEqual({ code: 0, out: `${CFG_USAGE}\n`, err: '' });
  });
});
