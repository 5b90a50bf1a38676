/**
 * @file Where saved layouts live on the host. The browser mode's origin changes with its port, which would strand
 * layouts kept only in the page's localStorage; the host keeps them per scene so a new session finds them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LayoutJson } from '../../ipc/messages';

/** Saved layouts by scene name. */
export interface LayoutStore {
  load(scene: string): Promise<LayoutJson | undefined>;
  save(scene: string, layout: LayoutJson): Promise<void>;
}

/** Layouts kept for the lifetime of the process (tests, sessions without a settings directory). */
export class MemoryLayoutStore implements LayoutStore {
  private readonly layouts = new Map<string, string>();

  async load(scene: string): Promise<LayoutJson | undefined> {
    const text = this.layouts.get(scene);
    return text === undefined ? undefined : (JSON.parse(text) as LayoutJson);
  }

  async save(scene: string, layout: LayoutJson): Promise<void> {
    this.layouts.set(scene, JSON.stringify(layout));
  }
}

/** A file name for a scene name: anything but letters, digits, `-`, `_` and `.` becomes `_` (no path escapes). */
export function layoutFileName(scene: string): string {
  return `${scene.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_') || '_'}.layout.json`;
}

/** Layouts as JSON files in a directory (one per scene). */
export class FileLayoutStore implements LayoutStore {
  constructor(private readonly dir: string) {}

  async load(scene: string): Promise<LayoutJson | undefined> {
    try {
      const value: unknown = JSON.parse(await readFile(join(this.dir, layoutFileName(scene)), 'utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LayoutJson) : undefined;
    } catch {
      return undefined; // missing or damaged: the renderer falls back to its default layout
    }
  }

  async save(scene: string, layout: LayoutJson): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, layoutFileName(scene)), JSON.stringify(layout), 'utf8');
  }
}
