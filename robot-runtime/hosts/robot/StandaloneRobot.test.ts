import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StandaloneRobot } from './StandaloneRobot';

const repoConfig = path.resolve(import.meta.dirname, '../../../config');

/** A copy of the repository's config tree with one file replaced. */
function configWith(relative: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-config-'));
  fs.cpSync(repoConfig, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
  return dir;
}

describe('StandaloneRobot with bad configuration files', () => {
  it('reports a syntax error in threads.cfg with file, row and column', async () => {
    const root = configWith('Scenarios/Default/threads.cfg', 'defaultRepresentations = [FieldDimensions;\n');
    await expect(
      StandaloneRobot.start({ configRoot: root, port: 0, address: '127.0.0.1', log: () => {} }),
    ).rejects.toThrow(/threads\.cfg:1:\d+: /);
  });

  it('reports an unknown provider naming the module', async () => {
    const text = fs
      .readFileSync(path.join(repoConfig, 'Scenarios/Default/threads.cfg'), 'utf8')
      .replace('provider = BallLocator;', 'provider = NoSuchLocator;');
    const root = configWith('Scenarios/Default/threads.cfg', text);
    await expect(
      StandaloneRobot.start({ configRoot: root, port: 0, address: '127.0.0.1', log: () => {} }),
    ).rejects.toThrow(/NoSuchLocator/);
  });

  it('reports a bad parameter file with its position', async () => {
    const root = configWith('Scenarios/Default/ballLocator.cfg', 'processNoisePosition = lots;\n');
    await expect(
      StandaloneRobot.start({ configRoot: root, port: 0, address: '127.0.0.1', log: () => {} }),
    ).rejects.toThrow(/ballLocator\.cfg:1:\d+/);
  });
});
