/**
 * @file Field and image views of one robot (`vf`, `vi`) and the drawings subscribed in each (`vfd`, `vid`).
 * A view is only a list of drawing names; the shapes come from the DrawingStore when the view is painted, so
 * adding a drawing to several views costs nothing per frame.
 */

/** The drawings that `vfd off` keeps: the field itself. */
export const PERMANENT_FIELD_DRAWINGS: readonly string[] = ['fieldLines', 'goalFrame', 'fieldPolygons'];

/** A field view (`<robot>.field.<name>`). */
export interface FieldView {
  readonly kind: 'field';
  readonly name: string;
  /** Drawing names (translated) in painting order; may repeat for order-sensitive drawings. */
  readonly drawings: string[];
}

/** An image view (`<robot>.image.<name>`). */
export interface ImageView {
  readonly kind: 'image';
  readonly name: string;
  /** `CameraImage`, `JPEGImage`, a debug image id, or `none` (drawings only). */
  readonly image: string;
  /** The thread whose image and drawings the view shows. */
  readonly thread: string;
  gain: number;
  ddScale: number;
  readonly drawings: string[];
}

/** Either kind of drawing view. */
export type DrawingView = FieldView | ImageView;

/**
 * Drawings that may be added to a view more than once: they set an origin or transform for what follows, so
 * their position in the list matters (formats §1.4). B-Human names them `perception:…`/`cognition:…`, Pitchside's
 * runtime `origin:RobotPose` and `origin:Reset` (and `perception:RobotPose`/`perception:Reset` as B-Human does).
 */
export function isRepeatableDrawing(name: string): boolean {
  return name.startsWith('perception:') || name.startsWith('cognition:') || name.startsWith('origin:');
}

/** The field and image views of one robot. */
export class ViewStore {
  private readonly fields = new Map<string, FieldView>();
  private readonly images = new Map<string, ImageView>();

  /** Adds a field view (an existing one is kept as it is). */
  addFieldView(name: string): FieldView {
    let view = this.fields.get(name);
    if (!view) this.fields.set(name, (view = { kind: 'field', name, drawings: [] }));
    return view;
  }

  /** Adds or replaces an image view's settings (its drawings are kept when it existed). */
  addImageView(settings: Omit<ImageView, 'kind' | 'drawings'>): ImageView {
    const existing = this.images.get(settings.name);
    const view: ImageView = { kind: 'image', ...settings, drawings: existing?.drawings ?? [] };
    this.images.set(settings.name, view);
    return view;
  }

  /** The field view called `name`. */
  fieldView(name: string): FieldView | undefined {
    return this.fields.get(name);
  }

  /** The image view called `name`. */
  imageView(name: string): ImageView | undefined {
    return this.images.get(name);
  }

  /** All field views sorted by name. */
  fieldViews(): FieldView[] {
    return sortByName([...this.fields.values()]);
  }

  /** All image views sorted by name. */
  imageViews(): ImageView[] {
    return sortByName([...this.images.values()]);
  }

  /**
   * Adds `drawing` to a view. Returns false when it is already there (unless repeatable), so callers can avoid
   * sending a request twice.
   */
  addDrawing(view: DrawingView, drawing: string): boolean {
    if (view.drawings.includes(drawing) && !isRepeatableDrawing(drawing)) return false;
    view.drawings.push(drawing);
    return true;
  }

  /** Removes every occurrence of `drawing` from a view; returns whether it was there. */
  removeDrawing(view: DrawingView, drawing: string): boolean {
    const before = view.drawings.length;
    const kept = view.drawings.filter((d) => d !== drawing);
    view.drawings.splice(0, view.drawings.length, ...kept);
    return kept.length !== before;
  }

  /** True when some view of the same kind still shows `drawing` (for image views: in `thread`). */
  isShown(kind: DrawingView['kind'], drawing: string, thread?: string): boolean {
    if (kind === 'field') return [...this.fields.values()].some((v) => v.drawings.includes(drawing));
    return [...this.images.values()].some(
      (v) => v.drawings.includes(drawing) && (thread === undefined || v.thread === thread),
    );
  }
}

function sortByName<T extends { name: string }>(views: T[]): T[] {
  return views.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
