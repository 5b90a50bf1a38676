/**
 * @file Where saved layouts live on the host. The browser mode's origin changes with its port, which would strand
 * layouts kept only in the page's localStorage; the host keeps them per scene so a new session finds them. Beside
 * each layout it keeps the views of the scene's robots (savedViews.ts): a panel the layout restores shows a view
 * that exists in the robot's console, and typed views exist only if they are created again.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LayoutJson } from '../../ipc/messages';
import { MAX_SAVED_VIEWS_BYTES, parseSavedViews, type SavedViews, type SavedViewsStore } from './savedViews';

/** Saved layouts (and the views they show) by scene name. */
export interface LayoutStore extends SavedViewsStore {
  load(scene: string): Promise<LayoutJson | undefined>;
  save(scene: string, layout: LayoutJson): Promise<void>;
}

/** Layouts kept for the lifetime of the process (tests, sessions without a settings directory). */
export class MemoryLayoutStore implements LayoutStore {
  private readonly layouts = new Map<string, string>();
  private readonly views = new Map<string, string>();

  async load(scene: string): Promise<LayoutJson | undefined> {
    const text = this.layouts.get(scene);
    return text === undefined ? undefined : (JSON.parse(text) as LayoutJson);
  }

  async save(scene: string, layout: LayoutJson): Promise<void> {
    this.layouts.set(scene, JSON.stringify(layout));
  }

  async loadViews(scene: string): Promise<SavedViews | undefined> {
    const text = this.views.get(scene);
    return text === undefined ? undefined : parseSavedViews(text);
  }

  async saveViews(scene: string, views: SavedViews): Promise<void> {
    this.views.set(scene, JSON.stringify(views));
  }
}

/** A file name for a scene name: anything but letters, digits, `-`, `_` and `.` becomes `_` (no path escapes). */
export function layoutFileName(scene: string, kind: 'layout' | 'views' = 'layout'): string {
  return `${scene.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_') || '_'}.${kind}.json`;
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

  /**
   * A damaged file is moved aside (`….views.json.damaged`, so that the next save loses nothing of it) and reported
   * as an error naming it.
   */
  async loadViews(scene: string): Promise<SavedViews | undefined> {
    const file = join(this.dir, layoutFileName(scene, 'views'));
    let text: string;
    try {
      if ((await stat(file)).size > MAX_SAVED_VIEWS_BYTES)
        throw new Error(`larger than ${MAX_SAVED_VIEWS_BYTES} bytes`);
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw await setAside(file, error);
    }
    try {
      return parseSavedViews(text);
    } catch (error) {
      throw await setAside(file, error);
    }
  }

  async saveViews(scene: string, views: SavedViews): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, layoutFileName(scene, 'views')), JSON.stringify(views), 'utf8');
  }
}

/** Moves a damaged file aside; the error to report. */
async function setAside(file: string, error: unknown): Promise<Error> {
  const aside = `${file}.damaged`;
  const moved = await rename(file, aside).then(
    () => true,
    () => false,
  );
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`${file}: ${reason}${moved ? ` (kept as ${aside})` : ''}`);
}
