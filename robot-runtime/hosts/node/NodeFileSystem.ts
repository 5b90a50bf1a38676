import fs from 'node:fs';
import path from 'node:path';
import type { FileSystem } from '../../core/config/searchPath';

/** The config tree on disk: paths are relative to `root` (the config/ folder). */
export class NodeFileSystem implements FileSystem {
  constructor(readonly root: string) {}

  readText(relativePath: string): string | undefined {
    try {
      return fs.readFileSync(path.join(this.root, relativePath), 'utf8');
    } catch {
      return undefined;
    }
  }
}
