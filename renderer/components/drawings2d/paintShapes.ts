/**
 * @file Paints 2-D debug drawing shapes (facts §5.1) on a canvas. Shared by the field view and image overlays.
 *
 * Speed (measured in headless Chromium with software rasterisation; a frame may hold 10,000 shapes):
 * - coordinates are mapped world → canvas pixels in JavaScript and the canvas keeps an identity transform, where
 *   Skia's fast paths apply (with a scaling, mirroring transform the same drawing took several times longer);
 * - consecutive shapes of one style are collected into one path (at most MAX_RUN) and filled/stroked once,
 *   except discs, which rasterise fastest one by one;
 * - canvas state is only set when it changes; dots are fillRects.
 * ORIGIN shapes are applied to coordinates too, so they never end a run.
 */
import type { WireShape2D } from '../../../app/ipc/viewData';
import { cssColor, type Rgba } from '../../lib/cssColor';
import { gridImage } from './gridImage';

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
  | { readonly map: CanvasMap; /** Opacity multiplier (e.g. 0.4 for the faint ground truth). */ readonly alpha?: number }
  | { readonly pixel: number; readonly yUp: boolean; readonly alpha?: number };

/** Dot sizes in canvas pixels: dots mark points, so they keep their size at any zoom. */
const DOT_PIXELS = { dot: 3, dotMedium: 5, dotLarge: 8 } as const;
/** Length of the lines of a ROBOT shape's direction vectors (world units, mm). */
const ROBOT_DIRECTION_LENGTH = 400;
/** Body of a ROBOT shape (mm): length along x, width along y. */
const ROBOT_BODY = { length: 160, width: 240 };
/** Shapes collected into one path at most: huge paths rasterise slower than several medium ones (measured). */
const MAX_RUN = 64;
/** Discs are filled one path each: Skia's oval fast path beat any run length (measured: 2,500 discs 14 ms vs 22+ ms). */
const CIRCLE_RUN = 1;
const NO_PEN = 0;
const SOLID_PEN = 1;
const DASHED = 2;
const DOTTED = 3;
const SOLID_BRUSH = 1;
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 255 };

/** The current ORIGIN: subsequent coordinates are rotated by (c, s) and moved by (x, y), in world units. */
interface Origin {
  x: number;
  y: number;
  c: number;
  s: number;
  angle: number;
}

/** A run of shapes sharing one style, collected into the current path. */
interface Run {
  key: string;
  fill: string | undefined;
  stroke: string | undefined;
  width: number;
  dash: number;
  open: boolean;
  count: number;
}

function sameRgba(a: Rgba, b: Rgba): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

/** The painter: one per canvas; `paint` may be called for many drawings per frame. */
export class ShapePainter {
  private run: Run = { key: '', fill: undefined, stroke: undefined, width: 1, dash: 0, open: false, count: 0 };
  private origin: Origin = { x: 0, y: 0, c: 1, s: 0, angle: 0 };
  private ctx!: CanvasRenderingContext2D;
  private alpha = 1;
  private k = 1;
  private ky = -1;
  private e = 0;
  private f = 0;
  private lastFill: string | undefined;
  private lastStroke: string | undefined;
  private lastWidth = -1;
  private lastDash = '';

  /** Paints `shapes` (one drawing: ORIGIN applies until its end). */
  paint(ctx: CanvasRenderingContext2D, shapes: readonly WireShape2D[], opts: PaintOptions): void {
    if (!('map' in opts)) {
      // The caller's world transform becomes the map; shapes are painted with an identity transform.
      const t = ctx.getTransform();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      try {
        this.paint(ctx, shapes, { map: { scale: t.a, ySign: t.d < 0 ? -1 : 1, e: t.e, f: t.f }, alpha: opts.alpha });
      } finally {
        ctx.setTransform(t);
      }
      return;
    }
    this.ctx = ctx;
    this.alpha = opts.alpha ?? 1;
    this.k = opts.map.scale;
    this.ky = opts.map.ySign * opts.map.scale;
    this.e = opts.map.e;
    this.f = opts.map.f;
    // Canvas state may have been changed by others since the last call (the field, text, robots).
    this.lastFill = this.lastStroke = undefined;
    this.lastWidth = -1;
    this.lastDash = '';
    this.origin = { x: 0, y: 0, c: 1, s: 0, angle: 0 };
    for (const shape of shapes) this.shape(shape);
    this.flush();
  }

  /** Canvas x of world point (x, y) after the ORIGIN. */
  private tx(x: number, y: number): number {
    return this.k * (this.origin.x + this.origin.c * x - this.origin.s * y) + this.e;
  }
  /** Canvas y of world point (x, y) after the ORIGIN. */
  private ty(x: number, y: number): number {
    return this.ky * (this.origin.y + this.origin.s * x + this.origin.c * y) + this.f;
  }
  /** A world angle as a canvas angle (mirrored when y points up). */
  private angle(a: number): number {
    const world = a + this.origin.angle;
    return this.ky < 0 ? -world : world;
  }
  /** A world length in canvas pixels. */
  private len(v: number): number {
    return v * this.k;
  }

  private color(c: Rgba): string {
    return cssColor(c, this.alpha);
  }

  /** Starts (or continues) a run with this style; `width` in canvas pixels (at least one). */
  private style(fill: string | undefined, stroke: string | undefined, width: number, dash: number, maxRun = MAX_RUN): void {
    const w = Math.max(width, 1);
    const key = `${fill}|${stroke}|${w}|${dash}`;
    if (key === this.run.key && this.run.open && this.run.count < maxRun) {
      this.run.count++;
      return;
    }
    this.flush();
    this.run = { key, fill, stroke, width: w, dash, open: true, count: 1 };
    this.ctx.beginPath();
  }

  private flush(): void {
    const r = this.run;
    if (!r.open) return;
    r.open = false;
    const ctx = this.ctx;
    if (r.fill) {
      if (this.lastFill !== r.fill) ctx.fillStyle = this.lastFill = r.fill;
      ctx.fill();
    }
    if (r.stroke) {
      if (this.lastStroke !== r.stroke) ctx.strokeStyle = this.lastStroke = r.stroke;
      if (this.lastWidth !== r.width) ctx.lineWidth = this.lastWidth = r.width;
      const dash = `${r.dash}|${r.width}`;
      if (this.lastDash !== dash) {
        this.lastDash = dash;
        ctx.setLineDash(r.dash === DASHED ? [r.width * 4, r.width * 3] : r.dash === DOTTED ? [r.width, r.width * 2] : []);
      }
      ctx.stroke();
    }
  }

  /** Starts a run for a shape with pen and brush; false when nothing of it would be visible. */
  private outlined(pen: { width: number; style: number; color: Rgba }, brush: { style: number; color: Rgba }): boolean {
    const fill = brush.style === SOLID_BRUSH && brush.color.a > 0 ? this.color(brush.color) : undefined;
    const stroke = pen.style !== NO_PEN && pen.color.a > 0 ? this.color(pen.color) : undefined;
    if (!fill && !stroke) return false;
    this.style(fill, stroke, this.len(pen.width), pen.style);
    return true;
  }

  private shape(s: WireShape2D): void {
    const ctx = this.ctx;
    switch (s.type) {
      case 'circle': {
        const cx = this.tx(s.x, s.y);
        const cy = this.ty(s.x, s.y);
        // A solid outline in the fill's colour looks like a larger filled disc: one fill instead of fill + stroke.
        const sameColor = s.pen.style === SOLID_PEN && s.brush.style === SOLID_BRUSH && sameRgba(s.pen.color, s.brush.color);
        const r = Math.max(0, this.len(s.radius) + (sameColor ? Math.max(this.len(s.pen.width), 1) / 2 : 0));
        if (sameColor) this.style(this.color(s.brush.color), undefined, 0, SOLID_PEN, CIRCLE_RUN);
        else if (!this.outlined(s.pen, s.brush)) return;
        ctx.moveTo(cx + r, cy);
        // Below a pixel a disc is a dot: a square is far cheaper to rasterise.
        if (r < 1) ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
        else ctx.arc(cx, cy, r, 0, 2 * Math.PI);
        return;
      }
      case 'arc': {
        if (!this.outlined(s.pen, s.brush)) return;
        const cx = this.tx(s.x, s.y);
        const cy = this.ty(s.x, s.y);
        const r = Math.max(0, this.len(s.radius));
        const a0 = this.angle(s.startAngle);
        const span = this.ky < 0 ? -s.spanAngle : s.spanAngle;
        // A filled arc is a pie slice (from the centre); an outlined one only the curve.
        if (s.brush.style === SOLID_BRUSH) ctx.moveTo(cx, cy);
        else ctx.moveTo(cx + r * Math.cos(a0), cy + r * Math.sin(a0));
        ctx.arc(cx, cy, r, a0, a0 + span, span < 0);
        if (s.brush.style === SOLID_BRUSH) ctx.closePath();
        return;
      }
      case 'ellipse': {
        if (!this.outlined(s.pen, s.brush)) return;
        const cx = this.tx(s.x, s.y);
        const cy = this.ty(s.x, s.y);
        const rot = this.angle(s.rotation);
        const rx = Math.max(0, this.len(s.radiusX));
        ctx.moveTo(cx + rx * Math.cos(rot), cy + rx * Math.sin(rot));
        ctx.ellipse(cx, cy, rx, Math.max(0, this.len(s.radiusY)), rot, 0, 2 * Math.PI);
        return;
      }
      case 'rectangle': {
        if (!this.outlined(s.pen, s.brush)) return;
        // Rotated about its centre; the corners then go through the origin and the canvas mapping.
        const cx = s.x + s.width / 2;
        const cy = s.y + s.height / 2;
        const c = Math.cos(s.rotation);
        const n = Math.sin(s.rotation);
        const hw = s.width / 2;
        const hh = s.height / 2;
        const corner = (dx: number, dy: number, first: boolean): void => {
          const x = cx + c * dx - n * dy;
          const y = cy + n * dx + c * dy;
          if (first) ctx.moveTo(this.tx(x, y), this.ty(x, y));
          else ctx.lineTo(this.tx(x, y), this.ty(x, y));
        };
        corner(-hw, -hh, true);
        corner(hw, -hh, false);
        corner(hw, hh, false);
        corner(-hw, hh, false);
        ctx.closePath();
        return;
      }
      case 'polygon':
        if (s.points.length === 0 || !this.outlined(s.pen, s.brush)) return;
        for (let i = 0; i < s.points.length; i++) {
          const p = s.points[i]!;
          if (i === 0) ctx.moveTo(this.tx(p.x, p.y), this.ty(p.x, p.y));
          else ctx.lineTo(this.tx(p.x, p.y), this.ty(p.x, p.y));
        }
        ctx.closePath();
        return;
      case 'dot':
      case 'dotMedium':
      case 'dotLarge': {
        // Squares of a fixed pixel size: fillRect is the cheapest thing a canvas draws.
        this.flush();
        const size = DOT_PIXELS[s.type];
        const x = this.tx(s.x, s.y) - size / 2;
        const y = this.ty(s.x, s.y) - size / 2;
        const pen = this.color(s.penColor);
        const brush = this.color(s.brushColor);
        if (this.lastFill !== pen) ctx.fillStyle = this.lastFill = pen;
        ctx.fillRect(x, y, size, size);
        if (brush !== pen && size > 2) {
          ctx.fillStyle = this.lastFill = brush;
          ctx.fillRect(x + 1, y + 1, size - 2, size - 2);
        }
        return;
      }
      case 'line':
      case 'arrow': {
        if (s.style === NO_PEN || s.color.a === 0) return;
        const width = Math.max(this.len(s.width), 1);
        this.style(undefined, this.color(s.color), width, s.style);
        const x1 = this.tx(s.x1, s.y1);
        const y1 = this.ty(s.x1, s.y1);
        const x2 = this.tx(s.x2, s.y2);
        const y2 = this.ty(s.x2, s.y2);
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
        if (s.type === 'arrow') {
          const length = Math.hypot(x2 - x1, y2 - y1);
          if (length === 0) return;
          const head = Math.min(length / 2, Math.max(width * 3, 8));
          const a = Math.atan2(y2 - y1, x2 - x1);
          for (const side of [-1, 1]) {
            ctx.moveTo(x2, y2);
            ctx.lineTo(x2 - head * Math.cos(a + side * 0.45), y2 - head * Math.sin(a + side * 0.45));
          }
        }
        return;
      }
      case 'text': {
        this.flush();
        const px = this.len(s.fontSize);
        if (px < 2) return; // unreadable at this zoom
        const fill = this.color(s.color);
        if (this.lastFill !== fill) ctx.fillStyle = this.lastFill = fill;
        ctx.font = `${px}px sans-serif`;
        ctx.fillText(s.text, this.tx(s.x, s.y), this.ty(s.x, s.y));
        return;
      }
      case 'origin':
        this.origin = { x: s.x, y: s.y, c: Math.cos(s.angle), s: Math.sin(s.angle), angle: s.angle };
        return;
      case 'robot':
        this.flush();
        this.robot(s);
        return;
      case 'gridMono':
      case 'gridRGBA':
      case 'gridRectangleRGBA': {
        this.flush();
        const image = gridImage(s);
        if (!image) return;
        const w = s.type === 'gridRectangleRGBA' ? s.cellWidth * s.cellsX : s.cellSize * s.cellsX;
        const h = s.type === 'gridRectangleRGBA' ? s.cellHeight * s.cellsY : s.cellSize * s.cellsY;
        ctx.save();
        ctx.globalAlpha = this.alpha;
        ctx.imageSmoothingEnabled = false;
        // Cell (0, 0) at the grid's origin, cells growing along world x and y.
        ctx.setTransform(this.k * this.origin.c, this.ky * this.origin.s, -this.k * this.origin.s, this.ky * this.origin.c, this.tx(s.x, s.y), this.ty(s.x, s.y));
        ctx.drawImage(image, 0, 0, w, h);
        ctx.restore();
        return;
      }
      case 'tip':
      case 'spot':
      case 'thread':
        return; // not painted: tips are hover areas, spots click areas, thread a routing tag
    }
  }

  private robot(s: Extract<WireShape2D, { type: 'robot' }>): void {
    const ctx = this.ctx;
    const alpha = this.alpha * Math.max(0, Math.min(1, s.alpha || 1));
    const x = this.tx(s.pose.translation.x, s.pose.translation.y);
    const y = this.ty(s.pose.translation.x, s.pose.translation.y);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(this.angle(s.pose.rotation));
    ctx.setLineDash([]);
    ctx.lineWidth = Math.max(this.len(10), 1);
    ctx.fillStyle = cssColor(s.colorBody, alpha);
    ctx.strokeStyle = cssColor(BLACK, alpha);
    ctx.beginPath();
    ctx.rect(this.len(-ROBOT_BODY.length / 2), this.len(-ROBOT_BODY.width / 2), this.len(ROBOT_BODY.length), this.len(ROBOT_BODY.width));
    ctx.fill();
    ctx.stroke();
    const direction = (v: { x: number; y: number }, color: Rgba, length: number): void => {
      const n = Math.hypot(v.x, v.y);
      if (n === 0) return;
      // Direction vectors are in the robot frame; the canvas is rotated already, only y may be mirrored.
      const ySign = this.ky < 0 ? -1 : 1;
      ctx.strokeStyle = cssColor(color, alpha);
      ctx.lineWidth = Math.max(this.len(20), 1);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(this.len((v.x / n) * length), ySign * this.len((v.y / n) * length));
      ctx.stroke();
    };
    direction(s.dirVec, s.colorDirVec, ROBOT_DIRECTION_LENGTH);
    direction(s.dirHeadVec, s.colorDirHeadVec, ROBOT_DIRECTION_LENGTH * 0.75);
    ctx.restore();
    this.lastFill = this.lastStroke = undefined;
    this.lastWidth = -1;
    this.lastDash = '';
  }
}
