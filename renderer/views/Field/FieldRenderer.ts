/**
 * @file The field view's engine, a plain class outside React (STYLE-ANCHORS: engines outside React): it owns the
 * canvas, the pan/zoom state and the latest drawings, and paints on the next animation frame after anything
 * changed. New data only replaces a reference, so however fast frames arrive, painting happens at most once
 * per display frame, from the newest data.
 */
import type { WireShape2D } from '@app/ipc/viewData';
import { ShapePainter, type CanvasMap } from '../../components/drawings2d/paintShapes';
import { PanZoom } from '../../lib/PanZoom';
import { ZOOM_STEP, type ScreenMap } from '../../lib/viewTransform';
import { FIELD_BOUNDS, paintField } from './fieldLines';
import { collectAreas, spotAt, tipsAt, type Spot, type Tip } from './tips';

/** One drawing's shapes and the thread that sent them (its ORIGIN carries on to that thread's later drawings). */
export interface FieldDrawing {
  readonly name: string;
  readonly thread?: string;
  readonly shapes: readonly WireShape2D[];
}

/** Callbacks of the renderer. */
export interface FieldRendererEvents {
  /** Tooltip texts under the pointer (empty: hide), with the pointer position in canvas pixels. */
  tip?(texts: string[], x: number, y: number): void;
  /** An Alt-click hit a SPOT: its command. */
  spot?(command: string): void;
  /** The world position under the pointer (mm), for the status line. */
  pointer?(x: number, y: number): void;
}

/** A line through field positions (a pose track of a log variant or its original). */
export interface FieldTrack {
  /** x, y (mm), interleaved. */
  readonly points: readonly number[];
  readonly color: { readonly r: number; readonly g: number; readonly b: number };
  readonly dashed: boolean;
}

/** Opacity of the ground truth overlay ("faintly"). */
const GROUND_TRUTH_ALPHA = 0.4;

/** Paints a field view on a canvas. */
export class FieldRenderer {
  private readonly view = new PanZoom(FIELD_BOUNDS, -1, () => ({ width: this.width, height: this.height }));
  private drawings: readonly FieldDrawing[] = [];
  /** Other robots' drawings shown in the same view (a replayed team), by robot. */
  private readonly teamDrawings = new Map<string, readonly FieldDrawing[]>();
  private groundTruth: readonly WireShape2D[] = [];
  private tracks: readonly FieldTrack[] = [];
  private tips: Tip[] = [];
  private spots: Spot[] = [];
  private readonly painter = new ShapePainter();
  /**
   * The canvas's context, opaque: every frame paints the whole canvas, and an opaque canvas spares the compositor
   * blending it over the page. Later `getContext('2d')` calls (benchmark, tests) get this same context.
   */
  private readonly ctx: CanvasRenderingContext2D | null;
  private frame = 0;
  private width = 1;
  private height = 1;
  private dpr = 1;
  private readonly cleanup: (() => void)[] = [];
  /** Frames painted so far (benchmarks count them). */
  paintedFrames = 0;
  /** While frozen, data from the robot is ignored (the benchmark feeds its own). */
  private frozen = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: FieldRendererEvents = {},
  ) {
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.attachInput();
    const resize = new ResizeObserver(() => this.resize());
    resize.observe(canvas);
    this.cleanup.push(() => resize.disconnect());
    this.resize();
  }

  /** Stops (or resumes) taking robot data; `setDrawings` from the benchmark still works. */
  freeze(frozen: boolean): void {
    this.frozen = frozen;
  }

  /** Robot data: ignored while frozen. */
  setRobotDrawings(drawings: readonly FieldDrawing[]): void {
    if (!this.frozen) this.setDrawings(drawings);
  }

  /**
   * Another robot's drawings of the same view, painted after this robot's as their own group (each robot's
   * drawings keep their own origin); an empty list removes the robot.
   */
  setTeamDrawings(robot: string, drawings: readonly FieldDrawing[]): void {
    if (this.frozen) return;
    if (drawings.length === 0) this.teamDrawings.delete(robot);
    else this.teamDrawings.set(robot, drawings);
    this.invalidate();
  }

  /** Paints now (the benchmark's loop paints inside its own animation frames). */
  paintNow(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.paint();
  }

  /** Replaces the drawings (a complete frame) and repaints on the next animation frame. */
  setDrawings(drawings: readonly FieldDrawing[]): void {
    this.drawings = drawings;
    const areas = collectAreas(drawings);
    this.tips = areas.tips;
    this.spots = areas.spots;
    this.invalidate();
  }

  /** Replaces the ground truth overlay (empty: none). */
  setGroundTruth(shapes: readonly WireShape2D[]): void {
    this.groundTruth = shapes;
    this.invalidate();
  }

  /** Replaces the tracks painted under the drawings (empty: none). */
  setTracks(tracks: readonly FieldTrack[]): void {
    this.tracks = tracks;
    this.invalidate();
  }

  /** Back to the fitted view (double-click). */
  resetView(): void {
    this.view.fit();
    this.invalidate();
  }

  /** Zooms about the centre (toolbar buttons). */
  zoom(factor: number): void {
    this.view.zoom(factor);
    this.invalidate();
  }

  /** Handles a key of the view (PageUp/PageDown/+/− zoom, arrows pan, Home fits); true when used. */
  key(key: string): boolean {
    if (!this.view.key(key)) return false;
    this.invalidate();
    return true;
  }

  /** Stops listening and painting. */
  dispose(): void {
    cancelAnimationFrame(this.frame);
    for (const c of this.cleanup) c();
  }

  /** Schedules one paint (several calls before the frame coalesce). */
  invalidate(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  private map(): ScreenMap {
    return this.view.map();
  }

  private resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, rect.width);
    this.height = Math.max(1, rect.height);
    this.canvas.width = Math.round(this.width * this.dpr);
    this.canvas.height = Math.round(this.height * this.dpr);
    this.invalidate();
  }

  private paint(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const m = this.map();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#1b3d1d';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    // The field (a few dozen segments) is drawn through a world transform; the shapes map their coordinates
    // themselves, onto an identity transform (see paintShapes).
    ctx.setTransform(this.dpr * m.scale, 0, 0, this.dpr * m.ySign * m.scale, this.dpr * m.e, this.dpr * m.f);
    paintField(ctx, 1 / m.scale);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const map = { scale: this.dpr * m.scale, ySign: m.ySign, e: this.dpr * m.e, f: this.dpr * m.f };
    for (const track of this.tracks) this.paintTrack(ctx, track, map);
    // Each robot's drawings are one group: an origin carries within a group's thread, never from robot to robot.
    for (const group of [this.drawings, ...this.teamDrawings.values()]) this.painter.paintDrawings(ctx, group, { map });
    if (this.groundTruth.length > 0) this.painter.paint(ctx, this.groundTruth, { map, alpha: GROUND_TRUTH_ALPHA });
    this.paintedFrames++;
  }

  private paintTrack(ctx: CanvasRenderingContext2D, track: FieldTrack, map: CanvasMap): void {
    const p = track.points;
    if (p.length < 4) return;
    ctx.save();
    ctx.strokeStyle = `rgb(${track.color.r}, ${track.color.g}, ${track.color.b})`;
    ctx.lineWidth = 2 * this.dpr;
    ctx.setLineDash(track.dashed ? [6 * this.dpr, 4 * this.dpr] : []);
    ctx.beginPath();
    for (let i = 0; i < p.length; i += 2) {
      const x = map.scale * p[i]! + map.e;
      const y = map.ySign * map.scale * p[i + 1]! + map.f;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.restore();
  }

  private attachInput(): void {
    const c = this.canvas;
    let drag: { x: number; y: number } | undefined;
    const local = (e: { clientX: number; clientY: number }): { x: number; y: number } => {
      const r = c.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ): void => {
      c.addEventListener(type, fn as EventListener, options);
      this.cleanup.push(() => c.removeEventListener(type, fn as EventListener));
    };
    on('pointerdown', (e) => {
      const p = local(e);
      if (e.altKey) {
        const w = this.view.toWorld(p.x, p.y);
        const command = spotAt(this.spots, w.x, w.y);
        if (command) this.events.spot?.(command);
        return;
      }
      drag = p;
      c.setPointerCapture?.(e.pointerId);
    });
    on('pointermove', (e) => {
      const p = local(e);
      if (drag) {
        this.view.pan(p.x - drag.x, p.y - drag.y);
        drag = p;
        this.invalidate();
      }
      const w = this.view.toWorld(p.x, p.y);
      this.events.pointer?.(w.x, w.y);
      this.events.tip?.(tipsAt(this.tips, w.x, w.y), p.x, p.y);
    });
    const end = (): void => {
      drag = undefined;
    };
    on('pointerup', end);
    on('pointercancel', end);
    on('pointerleave', () => this.events.tip?.([], 0, 0));
    on(
      'wheel',
      (e) => {
        e.preventDefault();
        const p = local(e);
        this.view.zoom(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, p.x, p.y);
        this.invalidate();
      },
      { passive: false },
    );
    on('dblclick', () => this.resetView());
  }
}
