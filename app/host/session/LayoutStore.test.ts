import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLayoutStore, layoutFileName, MemoryLayoutStore } from './LayoutStore';
import { MAX_SAVED_VIEWS_BYTES, parseSavedViews } from './savedViews';

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

describe('saved views beside the layouts', () => {
  const views = {
    robot1: {
      fields: ['mine'],
      images: [{ name: 'upper', image: 'CameraImage', thread: 'Upper', gain: 1, ddScale: 1 }],
      plots: [{ name: 'speed', numOfValues: 100, minValue: 0, maxValue: 1, yUnit: 'm/s', xUnit: '', xScale: 1 }],
      lines: ['vf mine', 'vfd mine representation:BallModel'],
    },
  };

  it('saves and loads the views of a scene beside its layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitchside-views-'));
    const store = new FileLayoutStore(dir);
    expect(await store.loadViews('Game')).toBeUndefined();
    await store.saveViews('Game', views);
    expect(await store.loadViews('Game')).toEqual(views);
    expect(readdirSync(dir)).toEqual(['Game.views.json']);
  });

  it('reports a damaged file with what is wrong and keeps it aside instead of losing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitchside-views-'));
    const store = new FileLayoutStore(dir);
    const damaged = { robot1: { ...views.robot1, lines: ['vf mine', 7] } };
    writeFileSync(join(dir, 'Game.views.json'), JSON.stringify(damaged));
    await expect(store.loadViews('Game')).rejects.toThrow(/robot1\.lines\[1\] is not a string.*kept as .*\.damaged/);
    expect(readdirSync(dir)).toEqual(['Game.views.json.damaged']);
    expect(JSON.parse(readFileSync(join(dir, 'Game.views.json.damaged'), 'utf8'))).toEqual(damaged);
    writeFileSync(join(dir, 'Cut.views.json'), '{"robot1": {"fields": [');
    await expect(store.loadViews('Cut')).rejects.toThrow(/not JSON/);
    // Too large to be views: refused before it is read.
    writeFileSync(join(dir, 'Huge.views.json'), ' '.repeat(MAX_SAVED_VIEWS_BYTES + 1));
    await expect(store.loadViews('Huge')).rejects.toThrow(/larger than/);
  });

  it('checks what the memory store gives back, too', async () => {
    const store = new MemoryLayoutStore();
    await store.saveViews('Game', views);
    expect(await store.loadViews('Game')).toEqual(views);
    expect(() => parseSavedViews('[]')).toThrow(/not an object/);
    expect(() => parseSavedViews('{"r": {"fields": [], "images": [], "plots": [{}], "lines": []}}')).toThrow(
      /r\.plots\[0\]\.name is not a string/,
    );
  });
});
