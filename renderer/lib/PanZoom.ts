/**
 * @file The pan and zoom of a 2-D view (field, image) as one object: the view state over its world bounds in a
 * viewport whose size the view reports, changed by the gestures and keys every 2-D view shares.
 */
import {
  fitState,
  keyState,
  panBy,
  screenMap,
  toWorld,
  zoomAt,
  type ScreenMap,
  type ViewState,
  type WorldBounds,
} from './viewTransform';

/** A viewport size in CSS pixels. */
export interface ViewportSize {
  readonly width: number;
  readonly height: number;
}

/** Pan and zoom over `bounds`; `ySign` −1 puts world y up (the field), 1 down (images). */
export class PanZoom {
  private state: ViewState;

  constructor(
    private bounds: WorldBounds,
    private readonly ySign: 1 | -1,
    private readonly viewport: () => ViewportSize,
  ) {
    this.state = fitState(bounds);
  }

  /** Fits the view to `bounds` (by default the current ones): reset, or a world of another size. */
  fit(bounds: WorldBounds = this.bounds): void {
    this.bounds = bounds;
    this.state = fitState(bounds);
  }

  /** World to screen for the current state and viewport. */
  map(): ScreenMap {
    const { width, height } = this.viewport();
    return screenMap(this.state, this.bounds, Math.max(1, width), Math.max(1, height), this.ySign);
  }

  /** The world point under a screen point. */
  toWorld(sx: number, sy: number): { x: number; y: number } {
    return toWorld(this.map(), sx, sy);
  }

  /** Zooms by `factor` about a screen point (by default the viewport's centre). */
  zoom(factor: number, sx?: number, sy?: number): void {
    const { width, height } = this.viewport();
    this.state = zoomAt(this.state, this.map(), factor, sx ?? width / 2, sy ?? height / 2);
  }

  /** Pans by a screen-pixel delta (the world moves with the pointer). */
  pan(dx: number, dy: number): void {
    this.state = panBy(this.state, this.map(), dx, dy);
  }

  /** Applies a view key (PageUp/PageDown/+/− zoom, arrows pan, Home fits); false for other keys. */
  key(key: string): boolean {
    const { width, height } = this.viewport();
    const next = keyState(this.state, this.map(), key, width, height, this.bounds);
    if (!next) return false;
    this.state = next;
    return true;
  }
}
