import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { ConfigError, parseConfig, stripPositions, writeConfig } from '@robot-runtime/protocol/configMap';
import { mutateConfigText, prng } from '@robot-runtime/protocol/configMap/fuzz';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const CORPUS = sharedCorpus('bhuman', 'Config');

/** Every .cfg below the corpus folder, sorted for stable failure messages. */
function corpusFiles(): string[] {
  return (readdirSync(CORPUS, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.cfg'))
    .sort()
    .map((f) => join(CORPUS, f));
}

describe('B-Human config corpus', () => {
  it('parses every .cfg, writes it back and re-reads the same record', () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const file of files) {
      try {
        const tree = parseConfig(readFileSync(file, 'utf8'), file);
        for (const style of ['multiLine', 'singleLineInnermost'] as const) {
          const again = parseConfig(writeConfig(tree, { style }), `${file} (${style})`);
          // isDeepStrictEqual keeps the walk fast; a mismatch is reported by name, the trees are too big to diff.
          if (!isDeepStrictEqual(stripPositions(again), stripPositions(tree)))
            failures.push(`${file}: ${style} output re-reads differently`);
        }
      } catch (e) {
        failures.push(e instanceof ConfigError ? e.message : `${file}: ${String(e)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('survives mutated corpus text: only ConfigError, never a hang', () => {
    const files = corpusFiles();
    const random = prng(2025);
    const sample = files.filter((_, i) => i % 10 === 0);
    for (const file of sample) {
      const text = readFileSync(file, 'utf8');
      for (let k = 0; k < 10; k++) {
        const mutated = mutateConfigText(text, random);
        try {
          parseConfig(mutated, file);
        } catch (e) {
          if (!(e instanceof ConfigError)) throw new Error(`${file}, mutation ${k}: ${String(e)}`);
        }
      }
    }
  });
});

describe('cfg CLI (real process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitchside-cfg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints file:row:col for a bad file and exits with 1', () => {
    const bad = join(dir, 'bad.cfg');
    const good = join(dir, 'good.cfg');
    writeFileSync(bad, 'a = 1;\nb = {\n  c = [1, 2;\n};\n');
    writeFileSync(good, 'a = 1; // fine\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'app/host/cli/cfg.ts', 'check', bad, good], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(run.stdout).toBe(`${bad}:3:12: expected ',' or ']', found ';'\ncfg check: 2 files, 1 with errors\n`);
    expect(run.status).toBe(1);
  });
});
