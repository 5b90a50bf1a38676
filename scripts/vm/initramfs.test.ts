import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildInitramfs, moduleClosure } from './initramfs';

/** The entries of a newc archive: name, mode and data, read back by the format's rules. */
function readNewc(archive: Buffer): { name: string; mode: number; data: Buffer }[] {
  const entries: { name: string; mode: number; data: Buffer }[] = [];
  let pos = 0;
  const align = (n: number) => (n + 3) & ~3;
  for (;;) {
    expect(archive.toString('ascii', pos, pos + 6)).toBe('070701');
    const field = (i: number) => parseInt(archive.toString('ascii', pos + 6 + i * 8, pos + 14 + i * 8), 16);
    const [mode, size, nameSize] = [field(1), field(6), field(11)];
    const name = archive.toString('utf8', pos + 110, pos + 110 + nameSize - 1);
    const dataStart = align(pos + 110 + nameSize);
    if (name === 'TRAILER!!!') return entries;
    entries.push({ name, mode, data: archive.subarray(dataStart, dataStart + size) });
    pos = align(dataStart + size);
  }
}

const DEP = [
  'kernel/drivers/virtio/virtio.ko:',
  'kernel/drivers/virtio/virtio_pci.ko: kernel/drivers/virtio/virtio.ko',
  'kernel/net/9p/9pnet.ko:',
  'kernel/net/9p/9pnet_virtio.ko: kernel/net/9p/9pnet.ko kernel/drivers/virtio/virtio.ko',
  'kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko',
  'kernel/sound/core/snd.ko:',
  'kernel/sound/drivers/snd-aloop.ko: kernel/sound/core/snd.ko',
  'kernel/drivers/media/test-drivers/vivid/vivid.ko:',
].join('\n');

describe('the VM initramfs', () => {
  it('takes the modules asked for and what they depend on, whether named with dashes or underscores', () => {
    const closure = moduleClosure(DEP, ['snd_aloop']);
    expect([...closure.keys()].sort()).toEqual(['kernel/sound/core/snd.ko', 'kernel/sound/drivers/snd-aloop.ko']);
    expect(() => moduleClosure(DEP, ['uvcvideo'])).toThrow("the kernel has no module 'uvcvideo'");
  });

  it('is a gzip-compressed newc archive with init, busybox, the modules and their modules.dep', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-initramfs-'));
    fs.writeFileSync(path.join(dir, 'modules.dep'), DEP);
    for (const line of DEP.split('\n')) {
      const file = path.join(dir, line.split(':')[0]!);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `module ${path.basename(file)}`);
    }
    fs.writeFileSync(path.join(dir, 'busybox'), 'a static busybox');
    const image = buildInitramfs({
      busybox: path.join(dir, 'busybox'),
      modulesDir: dir,
      release: '6.1.0-test',
      modules: ['snd-aloop'],
    });
    const entries = readNewc(gunzipSync(image));
    const byName = new Map(entries.map((e) => [e.name, e]));
    expect(byName.get('init')!.data.toString()).toMatch(/^#!\/bin\/busybox sh/);
    expect(byName.get('init')!.mode & 0o777).toBe(0o755);
    expect(byName.get('bin/busybox')!.data.toString()).toBe('a static busybox');
    const root = 'lib/modules/6.1.0-test';
    expect(byName.get(`${root}/kernel/sound/drivers/snd-aloop.ko`)!.data.toString()).toBe('module snd-aloop.ko');
    expect(byName.has(`${root}/kernel/drivers/media/test-drivers/vivid/vivid.ko`)).toBe(false);
    const dep = byName.get(`${root}/modules.dep`)!.data.toString().split('\n').sort();
    expect(dep).toContain('kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko');
    expect(dep).toContain('kernel/sound/drivers/snd-aloop.ko: kernel/sound/core/snd.ko');
    // Every directory comes before what it holds, as the kernel unpacks in order.
    const seen = new Set<string>();
    for (const e of entries) {
      const parent = path.posix.dirname(e.name);
      if (parent !== '.') expect(seen.has(parent), e.name).toBe(true);
      seen.add(e.name);
    }
  });
});
