import type { TypeRef } from '../../protocol/types';
import type { DebugImage } from '../../protocol/debugMessages/debugImage';
import type { Drawing2DWriter } from './Drawing2DWriter';
import type { Drawing3DWriter } from './Drawing3DWriter';

// The wire-level styles and image types are declared with their codecs in protocol; re-exported so modules keep
// importing everything debug-related from here.
export { BrushStyle, PenStyle, type Brush, type Pen } from '../../protocol/debugMessages/drawingStyles';
export { PixelType, type DebugImage } from '../../protocol/debugMessages/debugImage';

/**
 * The 2-D shapes of formats §5.1, one method per wire shape (plus the composed helpers B-Human's macros offer).
 * Coordinates are mm on the field (drawingOnField) or pixels (drawingOnImage). The methods are declared once, with
 * the writer that sends them; everything else that paints a drawing implements this same set.
 */
export type Drawing2D = Omit<Drawing2DWriter, 'begin' | 'shape'>;

/** The 3-D shapes of formats §5.2 (mm, radians), declared once with the writer that sends them. */
export type Drawing3D = Omit<Drawing3DWriter, 'begin' | 'shape'>;

/**
 * What a module (or a representation's draw()) may do for debugging. Every method is cheap when nobody asked:
 * the callbacks run and data is serialized only while the corresponding debug request is active.
 * Request names are B-Human's untranslated names (`debug drawing:…`, `plot:…`); the console shows them translated.
 */
export interface DebugContext {
  /** True while the debug request `name` is active; the name is announced during polling. */
  isActive(name: string): boolean;
  /** `debug drawing:<id>` of type drawingOnField or drawingOnImage. */
  drawing(id: string, type: 'drawingOnField' | 'drawingOnImage', draw: (d: Drawing2D) => void): void;
  /** `debug drawing 3d:<id>`; `type` is field, robot, camera or a body part name. */
  drawing3d(id: string, type: string, draw: (d: Drawing3D) => void): void;
  /** `plot:<id>`: sends one value per call while active. */
  plot(id: string, value: number | (() => number)): void;
  /** ANNOTATION(name, description): logged and shown in the annotation view. */
  annotation(name: string, description: string): void;
  /** OUTPUT_TEXT: a line shown in the console (`msg on`). */
  text(message: string): void;
  /** DEBUG_RESPONSE(name): runs `fn` while the request is active; `once` disables the request afterwards. */
  response(name: string, fn: () => void, options?: { once?: boolean; declared?: boolean }): void;
  /** STOPWATCH(name): measures `fn` in µs (reported with the thread's timing data while `timing` is active). */
  stopwatch<T>(name: string, fn: () => T): T;
  /**
   * MODIFY(name, value): exposes `value` under `debug data:<name>` for get/set. Returns the value to use: the
   * robot's own one, or the override received from the PC (held until released with `set … unchanged`).
   * Objects are overwritten in place so references stay valid.
   */
  modify<V>(name: string, type: TypeRef<V>, value: V): V;
  /** `debug images:<id>`: sends the image while active (`image` is only called then). */
  image(id: string, image: () => DebugImage): void;
}
