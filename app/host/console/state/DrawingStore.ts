/**
 * @file Drawings of one robot: how each thread numbers its drawings (its drawing managers) and the shapes of each
 * drawing from the thread's latest frame. Frames replace: the shapes of a frame become visible when the frame is
 * finished and replace that thread's previous ones (formats §5.1), so views never show half a frame.
 */
import type { DrawingManagerTable } from '@robot-runtime/protocol/debugMessages/drawingManager';
import type { Shape2D } from '@robot-runtime/protocol/debugMessages/drawing2d';
import type { Shape3D } from '@robot-runtime/protocol/debugMessages/drawing3d';
import { translateRequestName } from '@robot-runtime/protocol/debugMessages/requestNames';

/** A drawing a thread declared: its console name, its robot name and its type (drawingOnField, drawingOnImage, field, …). */
export interface DeclaredDrawing {
  /** Translated name (as `vfd`/`vid` accept it). */
  readonly name: string;
  /** The robot's name (after `debug drawing:`). */
  readonly original: string;
  readonly type: string;
  readonly thread: string;
}

/** How one thread numbers its drawings. */
class Manager {
  readonly byId = new Map<number, DeclaredDrawing>();
  constructor(thread: string, table: DrawingManagerTable) {
    const types = new Map(table.types.map((t) => [t.id, t.name] as const));
    for (const d of table.drawings) {
      this.byId.set(d.id, {
        name: translateRequestName(d.name),
        original: d.name,
        type: types.get(d.typeId) ?? '',
        thread,
      });
    }
  }
}

/** Shapes per drawing name (translated). */
export type DrawingShapes<S> = Map<string, S[]>;

/** One dimension's drawings (2-D or 3-D): managers, the frame being received, and the latest complete frames. */
class DrawingLayer<S> {
  readonly managers = new Map<string, Manager>();
  private readonly pending = new Map<string, DrawingShapes<S>>();
  readonly latest = new Map<string, DrawingShapes<S>>();
  /**
   * Drawings moved to another thread by a THREAD shape, per target thread: each target keeps its copy until the
   * drawing is moved to it again (B-Human's `perception:RobotPose` goes to Upper and Lower in turn, and each camera
   * thread keeps its own), or until the drawing arrives again without THREAD.
   */
  readonly reassigned = new Map<string, DrawingShapes<S>>();

  setManager(thread: string, table: DrawingManagerTable): void {
    this.managers.set(thread, new Manager(thread, table));
  }

  declared(thread: string, id: number): DeclaredDrawing | undefined {
    return this.managers.get(thread)?.byId.get(id);
  }

  add(thread: string, id: number, shape: S): DeclaredDrawing | undefined {
    const drawing = this.declared(thread, id);
    if (!drawing) return undefined;
    let frame = this.pending.get(thread);
    if (!frame) this.pending.set(thread, (frame = new Map()));
    let shapes = frame.get(drawing.name);
    if (!shapes) frame.set(drawing.name, (shapes = []));
    shapes.push(shape);
    return drawing;
  }

  finishFrame(thread: string, targetOf: (shapes: S[]) => string | undefined): boolean {
    const frame = this.pending.get(thread);
    this.pending.delete(thread);
    const hadShapes = (this.latest.get(thread)?.size ?? 0) > 0;
    if (!frame) {
      if (hadShapes) this.latest.delete(thread);
      return hadShapes;
    }
    const own: DrawingShapes<S> = new Map();
    for (const [name, shapes] of frame) {
      const target = targetOf(shapes);
      // Only a thread the robot declared drawings for can be a target, so the table stays bounded by the threads.
      if (target !== undefined && target !== thread && this.managers.has(target)) {
        let moved = this.reassigned.get(target);
        if (!moved) this.reassigned.set(target, (moved = new Map()));
        moved.set(name, shapes);
      } else {
        for (const other of this.reassigned.values()) other.delete(name);
        own.set(name, shapes);
      }
    }
    this.latest.set(thread, own);
    return true;
  }

  shapes(thread: string, name: string): S[] | undefined {
    return this.reassigned.get(thread)?.get(name) ?? this.latest.get(thread)?.get(name);
  }

  clear(): void {
    this.pending.clear();
    this.latest.clear();
    this.reassigned.clear();
  }
}

function threadTarget2D(shapes: Shape2D[]): string | undefined {
  const tag = shapes.find((s) => s.type === 'thread');
  return tag?.type === 'thread' ? tag.threadName : undefined;
}

/** The drawings of one robot (2-D and 3-D). */
export class DrawingStore {
  private readonly flat = new DrawingLayer<Shape2D>();
  private readonly spatial = new DrawingLayer<Shape3D>();

  /** Installs a thread's 2-D drawing manager (replacing the previous one). */
  setManager(thread: string, table: DrawingManagerTable): void {
    this.flat.setManager(thread, table);
  }

  /** Installs a thread's 3-D drawing manager. */
  setManager3D(thread: string, table: DrawingManagerTable): void {
    this.spatial.setManager(thread, table);
  }

  /** Threads whose 2-D drawing manager is known. */
  get threadsWithManager(): string[] {
    return [...this.flat.managers.keys()];
  }

  /** Threads whose 3-D drawing manager is known. */
  get threadsWithManager3D(): string[] {
    return [...this.spatial.managers.keys()];
  }

  /** Every declared 2-D drawing (of `threads`, when given), by console name. */
  declared(threads?: readonly string[]): DeclaredDrawing[] {
    return collect(this.flat.managers, threads);
  }

  /** Every declared 3-D drawing (of `threads`, when given). */
  declared3D(threads?: readonly string[]): DeclaredDrawing[] {
    return collect(this.spatial.managers, threads);
  }

  /** Adds a received 2-D shape to the thread's frame in progress; returns the drawing or undefined (unknown id). */
  add(thread: string, drawingId: number, shape: Shape2D): DeclaredDrawing | undefined {
    return this.flat.add(thread, drawingId, shape);
  }

  /** Adds a received 3-D shape to the thread's frame in progress. */
  add3D(thread: string, drawingId: number, shape: Shape3D): DeclaredDrawing | undefined {
    return this.spatial.add(thread, drawingId, shape);
  }

  /** Publishes the thread's frame; returns true when what is visible changed. */
  finishFrame(thread: string): boolean {
    const a = this.flat.finishFrame(thread, threadTarget2D);
    const b = this.spatial.finishFrame(thread, () => undefined);
    return a || b;
  }

  /** The latest shapes of 2-D drawing `name` in `thread`. */
  shapes(thread: string, name: string): Shape2D[] | undefined {
    return this.flat.shapes(thread, name);
  }

  /** The latest shapes of 3-D drawing `name` in `thread`. */
  shapes3D(thread: string, name: string): Shape3D[] | undefined {
    return this.spatial.shapes(thread, name);
  }

  /** Forgets received shapes (managers are kept). */
  clearShapes(): void {
    this.flat.clear();
    this.spatial.clear();
  }
}

function collect(managers: Map<string, Manager>, threads?: readonly string[]): DeclaredDrawing[] {
  const result: DeclaredDrawing[] = [];
  for (const [thread, manager] of managers) {
    if (threads && !threads.includes(thread)) continue;
    result.push(...manager.byId.values());
  }
  return result;
}
