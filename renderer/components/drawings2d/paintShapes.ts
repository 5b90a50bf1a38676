/**
 * @file Paints 2-D debug drawing shapes (facts §5.1) on a canvas whose transform maps world units (mm on the
 * field, pixels in images) to the screen. Shared by the field view and image overlays.
 *
 * Speed: a frame may hold 10,000 shapes, and canvas state changes cost more than path segments. Consecutive
 * shapes with the same fill/stroke style are therefore collected into one path and filled/stroked once; only
 * text, robots and grids break a run. ORIGIN shapes are applied to coordinates in JavaScript (not as canvas
 * transforms) for the same reason: they must not end a run.
 */
import type { WireShape2D } from '../../../app/ipc/viewData';
import { cssColor, type Rgba } from '../../lib/cssColor';
import { gridImage } from './gridImage';

/** How to paint. */
export interface PaintOptions {
  /** World units per screen pixel (hairlines and dot sizes are in pixels). */
  readonly pixel: number;
  /** True when world y points up on screen (field); text is then flipped back upright. */
  readonly yUp: boolean;
  /** Opacity multiplier (e.g. 0.35 for the faint ground truth). */
  readonly alpha?: number;
}

/** Dot sizes in screen pixels: dots mark points, so they keep their size at any zoom. */
const DOT_PIXELS = { dot: 3, dotMedium: 5, dotLarge: 8 } as const;
/** Length of the lines of a ROBOT shape's direction vectors (mm). */
const ROBOT_DIRECTION_LENGTH = 400;
/** Body of a ROBOT shape (mm): length along x, width along y. */
const ROBOT_BODY = { length: 160, width: 240 };
const NO_PEN = 0;
const DASHED = 2;
const DOTTED = 3;
const SOLID_BRUSH = 1;

/** The current ORIGIN: subsequent coordinates are rotated by (c, s) and moved by (x, y). */
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
}

/** The painter: one per canvas; `paint` may be called for many drawings per frame. */
export class ShapePainter {
  private run: Run = { key: '', fill: undefined, stroke: undefined, width: 1, dash: 0, open: false };
  private origin: Origin = { x: 0, y: 0, c: 1, s: 0, angle: 0 };
  private ctx!: CanvasRenderingContext2D;
  private opts!: PaintOptions;

  /** Paints `shapes` (one drawing: ORIGIN applies until its end). */
  paint(ctx: CanvasRenderingContext2D, shapes: readonly WireShape2D[], opts: PaintOptions): void {
    this.ctx = ctx;
    this.opts = opts;
    this.origin = { x: 0, y: 0, c: 1, s: 0, angle: 0 };
    for (const shape of shapes) this.shape(shape);
    this.flush();
  }

  private tx(x: number, y: number): number {
    return this.origin.x + this.origin.c * x - this.origin.s * y;
  }
  private ty(x: number, y: number): number {
    return this.origin.y + this.origin.s * x + this.origin.c * y;
  }

  private color(c: Rgba): string {
    return cssColor(c, this.opts.alpha ?? 1);
  }

  /** Starts (or continues) a run with this style. */
  private style(fill: string | undefined, stroke: string | undefined, width: number, dash: number): void {
    const w = Math.max(width, this.opts.pixel);
    const key = `${fill}|${stroke}|${w}|${dash}`;
    if (key === this.run.key && this.run.open) return;
    this.flush();
    this.run = { key, fill, stroke, width: w, dash, open: true };
    this.ctx.beginPath();
  }

  private flush(): void {
    const r = this.run;
    if (!r.open) return;
    const ctx = this.ctx;
    if (r.fill) {
      ctx.fillStyle = r.fill;
      ctx.fill();
    }
    if (r.stroke) {
      ctx.strokeStyle = r.stroke;
      ctx.lineWidth = r.width;
      ctx.setLineDash(r.dash === DASHED ? [r.width * 4, r.width * 3] : r.dash === DOTTED ? [r.width, r.width * 2] : []);
      ctx.stroke();
    }
    r.open = false;
  }

  private outlined(pen: { width: number; style: number; color: Rgba }, brush: { style: number; color: Rgba }): boolean {
    const fill = brush.style === SOLID_BRUSH && brush.color.a > 0 ? this.color(brush.color) : undefined;
    const stroke = pen.style !== NO_PEN && pen.color.a > 0 ? this.color(pen.color) : undefined;
    if (!fill && !stroke) return false;
    this.style(fill, stroke, pen.width, pen.style);
    return true;
  }

  private shape(s: WireShape2D): void {
    const ctx = this.ctx;
    switch (s.type) {
      case 'circle':
        if (!this.outlined(s.pen, s.brush)) return;
        ctx.moveTo(this.tx(s.x, s.y) + s.radius, this.ty(s.x, s.y));
        ctx.arc(this.tx(s.x, s.y), this.ty(s.x, s.y), Math.max(0, s.radius), 0, 2 * Math.PI);
        return;
      case 'arc': {
        if (!this.outlined(s.pen, s.brush)) return;
        const cx = this.tx(s.x, s.y);
        const cy = this.ty(s.x, s.y);
        const a0 = s.startAngle + this.origin.angle;
        // A filled arc is a pie slice (from the centre); an outlined one only the curve.
        if (s.brush.style === SOLID_BRUSH) ctx.moveTo(cx, cy);
        else ctx.moveTo(cx + s.radius * Math.cos(a0), cy + s.radius * Math.sin(a0));
        ctx.arc(cx, cy, Math.max(0, s.radius), a0, a0 + s.spanAngle, s.spanAngle < 0);
        if (s.brush.style === SOLID_BRUSH) ctx.closePath();
        return;
      }
      case 'ellipse': {
        if (!this.outlined(s.pen, s.brush)) return;
        const cx = this.tx(s.x, s.y);
        const cy = this.ty(s.x, s.y);
        const rot = s.rotation + this.origin.angle;
        ctx.moveTo(cx + s.radiusX * Math.cos(rot), cy + s.radiusX * Math.sin(rot));
        ctx.ellipse(cx, cy, Math.max(0, s.radiusX), Math.max(0, s.radiusY), rot, 0, 2 * Math.PI);
        return;
      }
      case 'rectangle': {
        if (!this.outlined(s.pen, s.brush)) return;
        // Rotated about its centre; the corners then go through the origin transform.
        const cx = s.x + s.width / 2;
        const cy = s.y + s.height / 2;
        const c = Math.cos(s.rotation);
        const n = Math.sin(s.rotation);
        const corners = [
          [-s.width / 2, -s.height / 2],
          [s.width / 2, -s.height / 2],
          [s.width / 2, s.height / 2],
          [-s.width / 2, s.height / 2],
        ] as const;
        corners.forEach(([dx, dy], i) => {
          const x = cx + c * dx - n * dy;
          const y = cy + n * dx + c * dy;
          if (i === 0) ctx.moveTo(this.tx(x, y), this.ty(x, y));
          else ctx.lineTo(this.tx(x, y), this.ty(x, y));
        });
        ctx.closePath();
        return;
      }
      case 'polygon':
        if (s.points.length === 0 || !this.outlined(s.pen, s.brush)) return;
        s.points.forEach((p, i) => {
          if (i === 0) ctx.moveTo(this.tx(p.x, p.y), this.ty(p.x, p.y));
          else ctx.lineTo(this.tx(p.x, p.y), this.ty(p.x, p.y));
        });
        ctx.closePath();
        return;
      case 'dot':
      case 'dotMedium':
      case 'dotLarge': {
        const size = DOT_PIXELS[s.type] * this.opts.pixel;
        this.style(this.color(s.brushColor), this.color(s.penColor), this.opts.pixel, 1);
        ctx.rect(this.tx(s.x, s.y) - size / 2, this.ty(s.x, s.y) - size / 2, size, size);
        return;
      }
      case 'line':
      case 'arrow': {
        if (s.style === NO_PEN || s.color.a === 0) return;
        this.style(undefined, this.color(s.color), s.width, s.style);
        const x1 = this.tx(s.x1, s.y1);
        const y1 = this.ty(s.x1, s.y1);
        const x2 = this.tx(s.x2, s.y2);
        const y2 = this.ty(s.x2, s.y2);
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
        if (s.type === 'arrow') {
          const len = Math.hypot(x2 - x1, y2 - y1);
          if (len === 0) return;
          const head = Math.min(len / 2, Math.max(s.width * 3, 8 * this.opts.pixel));
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
        const px = s.fontSize / this.opts.pixel;
        if (px < 2) return; // unreadable at this zoom
        ctx.save();
        ctx.translate(this.tx(s.x, s.y), this.ty(s.x, s.y));
        ctx.scale(this.opts.pixel, this.opts.yUp ? -this.opts.pixel : this.opts.pixel);
        ctx.fillStyle = this.color(s.color);
        ctx.font = `${px}px sans-serif`;
        ctx.fillText(s.text, 0, 0);
        ctx.restore();
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
        ctx.globalAlpha = this.opts.alpha ?? 1;
        ctx.imageSmoothingEnabled = false;
        ctx.translate(this.tx(s.x, s.y), this.ty(s.x, s.y));
        ctx.rotate(this.origin.angle);
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
    const alpha = (this.opts.alpha ?? 1) * Math.max(0, Math.min(1, s.alpha || 1));
    const x = this.tx(s.pose.translation.x, s.pose.translation.y);
    const y = this.ty(s.pose.translation.x, s.pose.translation.y);
    const rot = s.pose.rotation + this.origin.angle;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.lineWidth = Math.max(10, this.opts.pixel);
    ctx.setLineDash([]);
    ctx.fillStyle = cssColor(s.colorBody, alpha);
    ctx.strokeStyle = cssColor({ r: 0, g: 0, b: 0, a: 255 }, alpha);
    ctx.beginPath();
    ctx.rect(-ROBOT_BODY.length / 2, -ROBOT_BODY.width / 2, ROBOT_BODY.length, ROBOT_BODY.width);
    ctx.fill();
    ctx.stroke();
    const direction = (v: { x: number; y: number }, color: Rgba, length: number): void => {
      const n = Math.hypot(v.x, v.y);
      if (n === 0) return;
      ctx.strokeStyle = cssColor(color, alpha);
      ctx.lineWidth = Math.max(20, this.opts.pixel);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo((v.x / n) * length, (v.y / n) * length);
      ctx.stroke();
    };
    direction(s.dirVec, s.colorDirVec, ROBOT_DIRECTION_LENGTH);
    direction(s.dirHeadVec, s.colorDirHeadVec, ROBOT_DIRECTION_LENGTH * 0.75);
    ctx.restore();
  }
}
