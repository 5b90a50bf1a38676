import fs from 'node:fs';
import path from 'node:path';
import type { BinaryFileSystem } from '../../core/neuralNetworks/NeuralNetworks';

/** The config tree on disk: paths are relative to `root` (the config/ folder). */
export class NodeFileSystem implements BinaryFileSystem {
  constructor(readonly root: string) {}

  readText(relativePath: string): string | undefined {
    try {
      return fs.readFileSync(path.join(this.root, relativePath), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Size of a regular file in bytes (read before the file, so callers bound memory first). */
  fileSize(relativePath: string): number | undefined {
    try {
      const stat = fs.statSync(path.join(this.root, relativePath));
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  }

  readBytes(relativePath: string): Uint8Array | undefined {
    try {
      return new Uint8Array(fs.readFileSync(path.join(this.root, relativePath)));
    } catch {
      return undefined;
    }
  }
}
