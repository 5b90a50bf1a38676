import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLayoutStore, layoutFileName } from './LayoutStore';

describe('layout store', () => {
  it('turns scene names into harmless file names', () => {
    expect(layoutFileName('BH')).toBe('BH.layout.json');
    expect(layoutFileName('../../etc/passwd')).toBe('__.._etc_passwd.layout.json');
    expect(layoutFileName('')).toBe('_.layout.json');
  });

  it('saves and loads per scene, and treats a missing file as no layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitchside-layouts-'));
    const store = new FileLayoutStore(join(dir, 'layouts'));
    expect(await store.load('Game')).toBeUndefined();
    await store.save('Game', { grid: { a: 1 } });
    await store.save('../x', { b: 2 });
    expect(await store.load('Game')).toEqual({ grid: { a: 1 } });
    expect(readdirSync(join(dir, 'layouts')).sort()).toEqual(['Game.layout.json', '__x.layout.json']);
  });
});
