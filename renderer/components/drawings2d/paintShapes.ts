/**
 * @file Paints 2-D debug drawing shapes (formats §5.1) on a canvas. Shared by the field view and image overlays.
 *
 * Speed (measured in headless Chromium with software rasterisation, where a frame may hold 10,000 shapes; see the
 * field view's benchmark hook):
 * - coordinates are mapped world → canvas pixels in JavaScript and the canvas keeps an identity transform, where
 *   Skia's fast paths apply (with a scaling, mirroring transform the same drawing took several times longer);
 * - consecutive outlines, lines and arrows of one style are collected into one path (at most MAX_RUN shapes) and
 *   filled/stroked once: one-pixel strokes rasterise as hairlines, whose cost is per pixel, not per call;
 * - discs and dots are drawn one call each: a path holding many of them rasterises much slower (2,600 discs: 4.5 ms
 *   one call each, 9–10 ms in paths of 64, more in longer ones); discs are now most of a frame's time;
 * - shapes entirely outside the canvas are skipped (zoomed in, most are);
 * - canvas styles are only set when they change, and lines, outlines, discs and dots allocate nothing.
 * ORIGIN shapes are applied to coordinates too, so they never end a run.
 *
 * An ORIGIN holds beyond the end of its drawing, as in SimRobot: within one view and one thread it carries from
 * drawing to drawing (`paintDrawings`), so a drawing that only sets the origin (`origin:RobotPose`) places the
 * robot-relative drawings listed after it around the robot, until another ORIGIN (`origin:Reset`) moves it back.
 */
import type { WireShape2D } from '@app/ipc/viewData';
import { cssColor, type Rgba } from '../../lib/cssColor';
import { CanvasStyle, PEN } from './canvasStyle';
import { gridImage } from './gridImage';
import { paintRobot, ROBOT_REACH } from './paintRobot';

/** World → canvas pixels: x' = scale·x + e, y' = ySign·scale·y + f. */
export interface CanvasMap {
  readonly scale: number;
  /** −1 when world y points up on screen (field), +1 when down (images). */
  readonly ySign: 1 | -1;
  readonly e: number;
  readonly f: number;
}

/**
 * How to paint: with an explicit world → canvas map (the canvas transform is then ignored), or with the world
 * transform already set on the canvas (`pixel` = world units per pixel, `yUp` = y points up); the painter then
 * takes that transform over and restores it afterwards.
 */
export type PaintOptions =
  | {
      readonly map: CanvasMap;
      /** Opacity multiplier (e.g. 0.4 for the faint ground truth). */ readonly alpha?: number;
    }
  | { readonly pixel: number; readonly yUp: boolean; readonly alpha?: number };

/** An ORIGIN: the frame later shapes are drawn in (world units and radians). */
export interface Origin {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/** The world frame itself: where every view starts painting each thread's drawings. */
export const WORLD_ORIGIN: Origin = { x: 0, y: 0, angle: 0 };

/** One drawing of a view: its shapes and the thread that sent them (each thread carries its own ORIGIN). */
export interface ThreadDrawing {
  readonly thread?: string;
  readonly shapes: readonly WireShape2D[];
}

/**
 * Calls `visit` for each drawing in order with the ORIGIN its thread left after the drawings before it; `visit`
 * returns the ORIGIN the drawing leaves. Painters and hover areas share this, so they agree on where a shape is.
 */
export function carryOrigins<D extends ThreadDrawing>(
  drawings: readonly D[],
  visit: (drawing: D, origin: Origin) => Origin,
): void {
  const byThread = new Map<string | undefined, Origin>();
  for (const d of drawings) byThread.set(d.thread, visit(d, byThread.get(d.thread) ?? WORLD_ORIGIN));
}

/** Dot sizes in canvas pixels: dots mark points, so they keep their size at any zoom. */
const DOT_PIXELS = { dot: 3, dotMedium: 5, dotLarge: 8 } as const;
/** Shapes collected into one path at most: huge paths rasterise slower than several medium ones (measured). */
const MAX_RUN = 64;
/** Arrow heads: half the opening angle (rad), and the length in line widths, at least HEAD_MIN_PIXELS. */
const HEAD_ANGLE = 0.45;
const HEAD_WIDTHS = 3;
const HEAD_MIN_PIXELS = 8;
/** Text smaller than this (canvas pixels) is unreadable and not drawn. */
const MIN_TEXT_PIXELS = 2;
const SOLID_BRUSH = 1;
const TAU = 2 * Math.PI;

/** A shape's pen and brush as sent. */
interface Pen {
  readonly width: number;
  readonly style: number;
  readonly color: Rgba;
}
interface Brush {
  readonly style: number;
  readonly color: Rgba;
}

/** The painter: one per canvas; `paint` may be called for many drawings per frame. */
export class ShapePainter {
  private ctx!: CanvasRenderingContext2D;
  private readonly style = new CanvasStyle();
  private alpha = 1;
  /** The map without ORIGIN: canvas pixels per world unit along x and (signed) along y, and the offsets. */
  private k = 1;
  private ky = -1;
  private e = 0;
  private f = 0;
  /** The map with the current ORIGIN applied: x' = ax·x + cx·y + ex, y' = ay·x + cy·y + ey. */
  private ax = 1;
  private cx = 0;
  private ex = 0;
  private ay = 0;
  private cy = 1;
  private ey = 0;
  private originX = 0;
  private originY = 0;
  private originAngle = 0;
  /** Canvas size in pixels (infinite when unknown): shapes entirely outside it are skipped. */
  private right = Infinity;
  private bottom = Infinity;
  /** The open run: shapes of one style collected into the current path, painted by `endRun`. */
  private runOpen = false;
  private runFill: string | undefined;
  private runStroke: string | undefined;
  private runWidth = 1;
  private runPen = PEN.solid as number;
  private runCount = 0;
  /** What `penBrush` found: the fill and stroke colours and the stroke width (canvas pixels). */
  private fill: string | undefined;
  private stroke: string | undefined;
  private penPixels = 1;
  /** The last colour looked up and its CSS string (consecutive shapes mostly share colours). */
  private lastRgba: Rgba = { r: -1, g: -1, b: -1, a: -1 };
  private lastCss = '';
  /** Canvas coordinates of a polygon's points, reused across shapes. */
  private points = new Float64Array(64);

  /**
   * Paints the drawings of one view in order; an ORIGIN carries on to the later drawings of the same thread (each
   * thread starts in the world frame).
   */
  paintDrawings(ctx: CanvasRenderingContext2D, drawings: readonly ThreadDrawing[], opts: PaintOptions): void {
    carryOrigins(drawings, (d, origin) => this.paint(ctx, d.shapes, opts, origin));
  }

  /**
   * Paints `shapes` (one drawing) starting from `origin`, and returns the ORIGIN in force after them; the canvas
   * transform is the same afterwards.
   */
  paint(
    ctx: CanvasRenderingContext2D,
    shapes: readonly WireShape2D[],
    opts: PaintOptions,
    origin: Origin = WORLD_ORIGIN,
  ): Origin {
    // Shapes are painted in canvas pixels with an identity transform (a world transform set on the canvas
    // becomes the map).
    const t = ctx.getTransform();
    const map: CanvasMap = 'map' in opts ? opts.map : { scale: t.a, ySign: t.d < 0 ? -1 : 1, e: t.e, f: t.f };
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    try {
      this.paintMapped(ctx, shapes, map, opts.alpha ?? 1, origin);
    } finally {
      ctx.setTransform(t);
    }
    return { x: this.originX, y: this.originY, angle: this.originAngle };
  }

  private paintMapped(
    ctx: CanvasRenderingContext2D,
    shapes: readonly WireShape2D[],
    map: CanvasMap,
    alpha: number,
    origin: Origin,
  ): void {
    this.ctx = ctx;
    this.alpha = alpha;
    this.k = map.scale;
    this.ky = map.ySign * map.scale;
    this.e = map.e;
    this.f = map.f;
    const canvas = ctx.canvas as { width?: unknown; height?: unknown } | undefined;
    this.right = typeof canvas?.width === 'number' ? canvas.width : Infinity;
    this.bottom = typeof canvas?.height === 'number' ? canvas.height : Infinity;
    // Canvas state may have been changed by others since the last call (the field, text, robots).
    this.style.forget();
    this.lastRgba = { r: -1, g: -1, b: -1, a: -1 };
    this.setOrigin(origin.x, origin.y, origin.angle);
    for (const shape of shapes) this.shape(shape);
    this.endRun();
  }

  private setOrigin(x: number, y: number, angle: number): void {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    this.ax = this.k * c;
    this.cx = -this.k * s;
    this.ex = this.k * x + this.e;
    this.ay = this.ky * s;
    this.cy = this.ky * c;
    this.ey = this.ky * y + this.f;
    this.originX = x;
    this.originY = y;
    this.originAngle = angle;
  }

  /** Canvas x of world point (x, y) after the ORIGIN. */
  private tx(x: number, y: number): number {
    return this.ax * x + this.cx * y + this.ex;
  }
  /** Canvas y of world point (x, y) after the ORIGIN. */
  private ty(x: number, y: number): number {
    return this.ay * x + this.cy * y + this.ey;
  }
  /** A world angle as a canvas angle (mirrored when y points up). */
  private angle(a: number): number {
    const world = a + this.originAngle;
    return this.ky < 0 ? -world : world;
  }

  /** True when the canvas box [x0, x1] × [y0, y1] lies entirely outside the canvas. */
  private outside(x0: number, y0: number, x1: number, y1: number): boolean {
    return x1 < 0 || y1 < 0 || x0 > this.right || y0 > this.bottom;
  }

  private color(c: Rgba): string {
    const last = this.lastRgba;
    if (c.r === last.r && c.g === last.g && c.b === last.b && c.a === last.a) return this.lastCss;
    this.lastRgba = c;
    return (this.lastCss = cssColor(c, this.alpha));
  }

  /** Looks up a shape's fill and stroke (into `fill`, `stroke`, `penPixels`); false when neither is visible. */
  private penBrush(pen: Pen, brush: Brush): boolean {
    this.fill = brush.style === SOLID_BRUSH && brush.color.a > 0 ? this.color(brush.color) : undefined;
    this.stroke = pen.style !== PEN.none && pen.color.a > 0 ? this.color(pen.color) : undefined;
    this.penPixels = Math.max(pen.width * this.k, 1);
    return this.fill !== undefined || this.stroke !== undefined;
  }

  /** Starts (or continues) a run with this style; `width` in canvas pixels. */
  private run(fill: string | undefined, stroke: string | undefined, width: number, pen: number): void {
    if (
      this.runOpen &&
      this.runCount < MAX_RUN &&
      fill === this.runFill &&
      stroke === this.runStroke &&
      (stroke === undefined || (width === this.runWidth && pen === this.runPen))
    ) {
      this.runCount++;
      return;
    }
    this.endRun();
    this.runOpen = true;
    this.runFill = fill;
    this.runStroke = stroke;
    this.runWidth = width;
    this.runPen = pen;
    this.runCount = 1;
    this.ctx.beginPath();
  }

  /** Fills and strokes the open run's path. */
  private endRun(): void {
    if (!this.runOpen) return;
    this.runOpen = false;
    const ctx = this.ctx;
    if (this.runFill !== undefined) {
      this.style.setFill(ctx, this.runFill);
      ctx.fill();
    }
    if (this.runStroke !== undefined) {
      this.style.setStroke(ctx, this.runStroke, this.runWidth, this.runPen);
      ctx.stroke();
    }
  }

  private shape(s: WireShape2D): void {
    switch (s.type) {
      case 'circle':
        return this.circle(s);
      case 'line':
      case 'arrow':
        return this.line(s);
      case 'dot':
      case 'dotMedium':
      case 'dotLarge':
        return this.dot(s);
      case 'polygon':
        return this.polygon(s);
      case 'rectangle':
        return this.rectangle(s);
      case 'arc':
        return this.arc(s);
      case 'ellipse':
        return this.ellipse(s);
      case 'text':
        return this.text(s);
      case 'origin':
        return this.setOrigin(s.x, s.y, s.angle);
      case 'robot':
        return this.robot(s);
      case 'gridMono':
      case 'gridRGBA':
      case 'gridRectangleRGBA':
        return this.grid(s);
      case 'tip':
      case 'spot':
      case 'thread':
        return; // not painted: tips are hover areas, spots click areas, thread a routing tag
    }
  }

  private circle(s: Extract<WireShape2D, { type: 'circle' }>): void {
    if (!this.penBrush(s.pen, s.brush)) return;
    const x = this.tx(s.x, s.y);
    const y = this.ty(s.x, s.y);
    // A solid outline in the fill's colour looks like a larger filled disc: one fill instead of fill + stroke.
    const merged = this.fill !== undefined && s.pen.style === PEN.solid && this.fill === this.stroke;
    const r = Math.max(0, s.radius * this.k + (merged ? this.penPixels / 2 : 0));
    const reach = r + this.penPixels;
    if (this.outside(x - reach, y - reach, x + reach, y + reach)) return;
    this.endRun();
    const ctx = this.ctx;
    ctx.beginPath();
    // Below a pixel a disc is a dot: a square is far cheaper to rasterise.
    if (r < 1) ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else ctx.arc(x, y, r, 0, TAU);
    if (this.fill !== undefined) {
      this.style.setFill(ctx, this.fill);
      ctx.fill();
    }
    if (this.stroke !== undefined && !merged) {
      this.style.setStroke(ctx, this.stroke, this.penPixels, s.pen.style);
      ctx.stroke();
    }
  }

  private line(s: Extract<WireShape2D, { type: 'line' | 'arrow' }>): void {
    if (s.style === PEN.none || s.color.a === 0) return;
    const width = Math.max(s.width * this.k, 1);
    const x1 = this.tx(s.x1, s.y1);
    const y1 = this.ty(s.x1, s.y1);
    const x2 = this.tx(s.x2, s.y2);
    const y2 = this.ty(s.x2, s.y2);
    const head = s.type === 'arrow' ? Math.max(width * HEAD_WIDTHS, HEAD_MIN_PIXELS) : 0;
    const reach = width + head;
    if (
      this.outside(
        Math.min(x1, x2) - reach,
        Math.min(y1, y2) - reach,
        Math.max(x1, x2) + reach,
        Math.max(y1, y2) + reach,
      )
    )
      return;
    this.run(undefined, this.color(s.color), width, s.style);
    const ctx = this.ctx;
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    if (head === 0) return;
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length === 0) return;
    const size = Math.min(length / 2, head);
    const a = Math.atan2(y2 - y1, x2 - x1);
    ctx.moveTo(x2, y2);
    ctx.lineTo(x2 - size * Math.cos(a - HEAD_ANGLE), y2 - size * Math.sin(a - HEAD_ANGLE));
    ctx.moveTo(x2, y2);
    ctx.lineTo(x2 - size * Math.cos(a + HEAD_ANGLE), y2 - size * Math.sin(a + HEAD_ANGLE));
  }

  private dot(s: Extract<WireShape2D, { type: 'dot' | 'dotMedium' | 'dotLarge' }>): void {
    // Squares of a fixed pixel size: fillRect is the cheapest thing a canvas draws.
    const size = DOT_PIXELS[s.type];
    const x = this.tx(s.x, s.y) - size / 2;
    const y = this.ty(s.x, s.y) - size / 2;
    if (this.outside(x, y, x + size, y + size)) return;
    this.endRun();
    const ctx = this.ctx;
    const pen = this.color(s.penColor);
    this.style.setFill(ctx, pen);
    ctx.fillRect(x, y, size, size);
    const brush = this.color(s.brushColor);
    if (brush !== pen && size > 2) {
      this.style.setFill(ctx, brush);
      ctx.fillRect(x + 1, y + 1, size - 2, size - 2);
    }
  }

  private polygon(s: Extract<WireShape2D, { type: 'polygon' }>): void {
    const n = s.points.length;
    if (n === 0 || !this.penBrush(s.pen, s.brush)) return;
    if (this.points.length < 2 * n) this.points = new Float64Array(4 * n);
    const p = this.points;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      const q = s.points[i]!;
      const x = (p[2 * i] = this.tx(q.x, q.y));
      const y = (p[2 * i + 1] = this.ty(q.x, q.y));
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const w = this.penPixels;
    if (this.outside(x0 - w, y0 - w, x1 + w, y1 + w)) return;
    this.run(this.fill, this.stroke, w, s.pen.style);
    const ctx = this.ctx;
    ctx.moveTo(p[0]!, p[1]!);
    for (let i = 1; i < n; i++) ctx.lineTo(p[2 * i]!, p[2 * i + 1]!);
    this.close(p[0]!, p[1]!, s.pen.style);
  }

  private rectangle(s: Extract<WireShape2D, { type: 'rectangle' }>): void {
    if (!this.penBrush(s.pen, s.brush)) return;
    // Rotated about its centre: the centre and the two half-side vectors go through the origin and the canvas map.
    const hw = s.width / 2;
    const hh = s.height / 2;
    const c = Math.cos(s.rotation);
    const n = Math.sin(s.rotation);
    const mx = this.tx(s.x + hw, s.y + hh);
    const my = this.ty(s.x + hw, s.y + hh);
    const ux = this.ax * c * hw + this.cx * n * hw;
    const uy = this.ay * c * hw + this.cy * n * hw;
    const vx = -this.ax * n * hh + this.cx * c * hh;
    const vy = -this.ay * n * hh + this.cy * c * hh;
    const rx = Math.abs(ux) + Math.abs(vx) + this.penPixels;
    const ry = Math.abs(uy) + Math.abs(vy) + this.penPixels;
    if (this.outside(mx - rx, my - ry, mx + rx, my + ry)) return;
    this.run(this.fill, this.stroke, this.penPixels, s.pen.style);
    const ctx = this.ctx;
    ctx.moveTo(mx - ux - vx, my - uy - vy);
    ctx.lineTo(mx + ux - vx, my + uy - vy);
    ctx.lineTo(mx + ux + vx, my + uy + vy);
    ctx.lineTo(mx - ux + vx, my - uy + vy);
    this.close(mx - ux - vx, my - uy - vy, s.pen.style);
  }

  /**
   * Closes the outline that started at (x, y). closePath is slow (measured: more than all the other calls of a
   * triangle together), and only needed for the joins of wide strokes: fills close by themselves, and a solid
   * stroke of at most one pixel is a hairline, which has no joins, so a line back to the start looks the same.
   */
  private close(x: number, y: number, penStyle: number): void {
    if (this.runStroke === undefined) return;
    if (this.runWidth <= 1 && penStyle === PEN.solid) this.ctx.lineTo(x, y);
    else this.ctx.closePath();
  }

  private arc(s: Extract<WireShape2D, { type: 'arc' }>): void {
    if (!this.penBrush(s.pen, s.brush)) return;
    const x = this.tx(s.x, s.y);
    const y = this.ty(s.x, s.y);
    const r = Math.max(0, s.radius * this.k);
    const reach = r + this.penPixels;
    if (this.outside(x - reach, y - reach, x + reach, y + reach)) return;
    this.run(this.fill, this.stroke, this.penPixels, s.pen.style);
    const ctx = this.ctx;
    const a0 = this.angle(s.startAngle);
    const span = this.ky < 0 ? -s.spanAngle : s.spanAngle;
    // A filled arc is a pie slice (from the centre); an outlined one only the curve.
    const pie = s.brush.style === SOLID_BRUSH;
    if (pie) ctx.moveTo(x, y);
    else ctx.moveTo(x + r * Math.cos(a0), y + r * Math.sin(a0));
    ctx.arc(x, y, r, a0, a0 + span, span < 0);
    if (pie) ctx.closePath();
  }

  private ellipse(s: Extract<WireShape2D, { type: 'ellipse' }>): void {
    if (!this.penBrush(s.pen, s.brush)) return;
    const x = this.tx(s.x, s.y);
    const y = this.ty(s.x, s.y);
    const rx = Math.max(0, s.radiusX * this.k);
    const ry = Math.max(0, s.radiusY * this.k);
    const reach = Math.max(rx, ry) + this.penPixels;
    if (this.outside(x - reach, y - reach, x + reach, y + reach)) return;
    this.run(this.fill, this.stroke, this.penPixels, s.pen.style);
    const rot = this.angle(s.rotation);
    this.ctx.moveTo(x + rx * Math.cos(rot), y + rx * Math.sin(rot));
    this.ctx.ellipse(x, y, rx, ry, rot, 0, TAU);
  }

  private text(s: Extract<WireShape2D, { type: 'text' }>): void {
    const px = s.fontSize * this.k;
    if (px < MIN_TEXT_PIXELS) return;
    const x = this.tx(s.x, s.y);
    const y = this.ty(s.x, s.y);
    // Left-aligned on the baseline: glyphs rise about one font size above it and advance less than one each.
    if (this.outside(x, y - px, x + px * s.text.length, y + px / 2)) return;
    this.endRun();
    const ctx = this.ctx;
    this.style.setFill(ctx, this.color(s.color));
    this.style.setFont(ctx, `${px}px sans-serif`);
    ctx.fillText(s.text, x, y);
  }

  private robot(s: Extract<WireShape2D, { type: 'robot' }>): void {
    const x = this.tx(s.pose.translation.x, s.pose.translation.y);
    const y = this.ty(s.pose.translation.x, s.pose.translation.y);
    const reach = ROBOT_REACH * this.k;
    if (this.outside(x - reach, y - reach, x + reach, y + reach)) return;
    this.endRun();
    // paintRobot restores the context, so the remembered styles stay valid.
    paintRobot(this.ctx, s, {
      x,
      y,
      angle: this.angle(s.pose.rotation),
      scale: this.k,
      ySign: this.ky < 0 ? -1 : 1,
      alpha: this.alpha,
    });
  }

  private grid(s: Extract<WireShape2D, { type: 'gridMono' | 'gridRGBA' | 'gridRectangleRGBA' }>): void {
    this.endRun();
    const image = gridImage(s);
    if (!image) return;
    const w = s.type === 'gridRectangleRGBA' ? s.cellWidth * s.cellsX : s.cellSize * s.cellsX;
    const h = s.type === 'gridRectangleRGBA' ? s.cellHeight * s.cellsY : s.cellSize * s.cellsY;
    const ctx = this.ctx;
    ctx.save();
    ctx.globalAlpha = this.alpha;
    ctx.imageSmoothingEnabled = false;
    // Cell (0, 0) at the grid's origin, cells growing along world x and y.
    ctx.setTransform(this.ax, this.ay, this.cx, this.cy, this.tx(s.x, s.y), this.ty(s.x, s.y));
    ctx.drawImage(image, 0, 0, w, h);
    ctx.restore();
  }
}
