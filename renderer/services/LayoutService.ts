/**
 * @file Saved dock layouts, per scene. The host keeps them (it outlives the browser mode's changing origin) and
 * localStorage keeps a copy, which is used when the host has none or cannot be reached.
 */
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { LayoutJson } from '../../app/ipc/messages';

/** localStorage key of a scene's layout. */
function storageKey(scene: string): string {
  return `pitchside.layout.${scene}`;
}

/** Loads and saves layouts. */
export class LayoutService {
  constructor(
    private readonly bridge: PitchsideBridge,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  ) {}

  /** The saved layout of `scene`, or undefined. */
  async load(scene: string): Promise<LayoutJson | undefined> {
    try {
      const { layout } = await this.bridge.invoke('pitchside:layout.load', { scene });
      if (layout) return layout;
    } catch {
      // fall back to the local copy
    }
    const text = this.storage?.getItem(storageKey(scene));
    if (!text) return undefined;
    try {
      return JSON.parse(text) as LayoutJson;
    } catch {
      return undefined;
    }
  }

  /** Saves `layout` for `scene` in both places. */
  async save(scene: string, layout: LayoutJson): Promise<void> {
    this.storage?.setItem(storageKey(scene), JSON.stringify(layout));
    await this.bridge.invoke('pitchside:layout.save', { scene, layout }).catch(() => undefined);
  }

  /** Forgets the local copy (a reset layout is then saved over the host's). */
  clearLocal(scene: string): void {
    this.storage?.removeItem(storageKey(scene));
  }
}
