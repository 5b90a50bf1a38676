/**
 * @file Pan and zoom of 2-D views (field, image): world ↔ screen mapping with a zoom range and the controls of
 * formats §4.2 (drag pans, wheel zooms about the cursor, PageUp/+ and PageDown/− zoom, arrows pan by 2 %, double
 * click resets). Pure arithmetic, so it is unit-tested without a canvas.
 */

/** Zoom limits relative to the fitted view (formats §4.2: 0.1–500). */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 500;
/** Zoom factor per wheel notch or key press. */
export const ZOOM_STEP = 1.2;
/** Share of the view an arrow key pans. */
export const ARROW_PAN = 0.02;

/** The visible world rectangle at zoom 1 (e.g. the field with its border). */
export interface WorldBounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** A pan/zoom state: zoom relative to the fit, and the world point at the screen centre. */
export interface ViewState {
  readonly zoom: number;
  readonly centerX: number;
  readonly centerY: number;
}

/** The affine map world → screen (pixels): screen = (a·x + e, d·y + f). */
export interface ScreenMap {
  /** Pixels per world unit. */
  readonly scale: number;
  /** +1 when world y grows downwards on screen (images), −1 when up (field). */
  readonly ySign: 1 | -1;
  readonly e: number;
  readonly f: number;
}

/** The state that fits `bounds`. */
export function fitState(bounds: WorldBounds): ViewState {
  return { zoom: 1, centerX: (bounds.minX + bounds.maxX) / 2, centerY: (bounds.minY + bounds.maxY) / 2 };
}

/** The screen map of `state` in a `width`×`height` pixel viewport. */
export function screenMap(
  state: ViewState,
  bounds: WorldBounds,
  width: number,
  height: number,
  ySign: 1 | -1,
): ScreenMap {
  const fit = Math.min(
    width / Math.max(1e-9, bounds.maxX - bounds.minX),
    height / Math.max(1e-9, bounds.maxY - bounds.minY),
  );
  const scale = fit * state.zoom;
  return { scale, ySign, e: width / 2 - scale * state.centerX, f: height / 2 - ySign * scale * state.centerY };
}

/** World point under a screen point. */
export function toWorld(map: ScreenMap, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - map.e) / map.scale, y: (sy - map.f) / (map.ySign * map.scale) };
}

function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

/** Zooms by `factor`, keeping the world point under screen point (sx, sy) fixed. */
export function zoomAt(state: ViewState, map: ScreenMap, factor: number, sx: number, sy: number): ViewState {
  const zoom = clampZoom(state.zoom * factor);
  const applied = zoom / state.zoom;
  const p = toWorld(map, sx, sy);
  // The fixed point p keeps its screen position: the centre moves towards p by (1 − 1/applied).
  return { zoom, centerX: p.x + (state.centerX - p.x) / applied, centerY: p.y + (state.centerY - p.y) / applied };
}

/** Pans by a screen-pixel delta (dragging moves the world with the pointer). */
export function panBy(state: ViewState, map: ScreenMap, dx: number, dy: number): ViewState {
  return { ...state, centerX: state.centerX - dx / map.scale, centerY: state.centerY - (map.ySign * dy) / map.scale };
}

/** The new state for a key (Home fits `bounds` again), or undefined for keys the view does not use. */
export function keyState(
  state: ViewState,
  map: ScreenMap,
  key: string,
  width: number,
  height: number,
  bounds: WorldBounds,
): ViewState | undefined {
  switch (key) {
    case 'Home':
      return fitState(bounds);
    case 'PageUp':
    case '+':
      return zoomAt(state, map, ZOOM_STEP, width / 2, height / 2);
    case 'PageDown':
    case '-':
      return zoomAt(state, map, 1 / ZOOM_STEP, width / 2, height / 2);
    case 'ArrowLeft':
      return panBy(state, map, width * ARROW_PAN, 0);
    case 'ArrowRight':
      return panBy(state, map, -width * ARROW_PAN, 0);
    case 'ArrowUp':
      return panBy(state, map, 0, height * ARROW_PAN);
    case 'ArrowDown':
      return panBy(state, map, 0, -height * ARROW_PAN);
    default:
      return undefined;
  }
}
