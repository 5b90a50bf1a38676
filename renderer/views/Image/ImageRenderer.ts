/**
 * @file Paints an image view: the decoded camera image scaled to the panel (pixelated when zoomed in), the
 * drawingOnImage shapes over it in image pixel coordinates, with the 2-D views' pan and zoom (drag, wheel,
 * PageUp/PageDown, arrows, double click resets). Reports the image pixel under the pointer for the tooltip. With a
 * marking tool on, a drag marks (a ball, a penalty mark, a robot's box) instead of panning, and the marks of the
 * image are painted over it.
 */
import { ShapePainter } from '../../components/drawings2d/paintShapes';
import { PanZoom } from '../../lib/PanZoom';
import { ZOOM_STEP, type ScreenMap } from '../../lib/viewTransform';
import type { DecodedImage } from './ImageDecoder';
import { markFromDrag, paintMarks, type ImageMark, type MarkTool } from './marks';
import { paintImageDrawings, type ImageDrawings } from './variantDrawings';

/** Callbacks of the renderer. */
export interface ImageRendererCallbacks {
  /** The image pixel under the pointer (undefined when outside the image). */
  pointer(pixel: { x: number; y: number; screenX: number; screenY: number } | undefined): void;
  /** A mark drawn with the marking tool (image pixels). */
  mark?(mark: ImageMark): void;
}

/** The image view's painter. */
export class ImageRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly painter = new ShapePainter();
  private readonly bitmap = document.createElement('canvas');
  private image: DecodedImage | undefined;
  private drawings: ImageDrawings = [];
  /** A log variant's drawings of the same view, already in the variant colour (painted over the original's). */
  private variantDrawings: ImageDrawings = [];
  /** Pan and zoom over the image's pixels (a unit square until the first image). */
  private readonly view: PanZoom;
  private frame = 0;
  private drag: { x: number; y: number } | undefined;
  /** The marking tool; undefined: a drag pans. */
  private tool: MarkTool | undefined;
  /** Where the mark being drawn started and where the pointer is now (image pixels). */
  private marking: { from: { x: number; y: number }; to: { x: number; y: number } } | undefined;
  /** The marks of the image shown. */
  private marks: readonly ImageMark[] = [];
  private readonly resizeObserver: ResizeObserver;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly callbacks: ImageRendererCallbacks,
  ) {
    this.ctx = canvas.getContext('2d')!;
    this.view = new PanZoom({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, 1, () => ({
      width: canvas.clientWidth,
      height: canvas.clientHeight,
    }));
    this.resizeObserver = new ResizeObserver(() => this.requestPaint());
    this.resizeObserver.observe(canvas);
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (e: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ): void => {
      canvas.addEventListener(type, listener, options);
      this.cleanup.push(() => canvas.removeEventListener(type, listener));
    };
    on(
      'wheel',
      (e) => {
        e.preventDefault();
        this.zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, e.offsetX, e.offsetY);
      },
      { passive: false },
    );
    on('pointerdown', (e) => {
      canvas.setPointerCapture?.(e.pointerId);
      if (this.tool && this.image) {
        const at = this.view.toWorld(e.offsetX, e.offsetY);
        this.marking = { from: at, to: at };
        return;
      }
      this.drag = { x: e.clientX, y: e.clientY };
    });
    on('pointermove', (e) => {
      if (this.marking) {
        this.marking.to = this.view.toWorld(e.offsetX, e.offsetY);
        this.requestPaint();
      } else if (this.drag) {
        this.view.pan(e.clientX - this.drag.x, e.clientY - this.drag.y);
        this.drag = { x: e.clientX, y: e.clientY };
        this.requestPaint();
      }
      this.reportPointer(e.offsetX, e.offsetY);
    });
    on('pointerup', () => {
      this.drag = undefined;
      const marking = this.marking;
      this.marking = undefined;
      if (marking && this.tool) this.callbacks.mark?.(markFromDrag(this.tool, marking.from, marking.to));
      this.requestPaint();
    });
    on('pointerleave', () => this.callbacks.pointer(undefined));
    on('dblclick', () => this.resetView());
    on('keydown', (e) => {
      if (!this.view.key(e.key)) return;
      e.preventDefault();
      this.requestPaint();
    });
  }

  /** Shows a new image (keeping pan and zoom unless its size changed). */
  setImage(image: DecodedImage): void {
    const sizeChanged = this.image?.width !== image.width || this.image?.height !== image.height;
    this.image = image;
    this.bitmap.width = image.width;
    this.bitmap.height = image.height;
    this.bitmap.getContext('2d')!.putImageData(new ImageData(image.rgba, image.width, image.height), 0, 0);
    if (sizeChanged) {
      this.view.fit({ minX: 0, minY: 0, maxX: image.width, maxY: image.height });
    }
    this.requestPaint();
  }

  /** Replaces the image drawings (one shape list per drawing, painted in order). */
  setDrawings(drawings: ImageDrawings): void {
    this.drawings = drawings;
    this.requestPaint();
  }

  /** Replaces the log variant's drawings painted over the original's (empty: no variant). */
  setVariantDrawings(drawings: ImageDrawings): void {
    this.variantDrawings = drawings;
    this.requestPaint();
  }

  /** Switches the marking tool (undefined: a drag pans again). */
  setTool(tool: MarkTool | undefined): void {
    this.tool = tool;
    this.marking = undefined;
  }

  /** Replaces the marks painted over the image. */
  setMarks(marks: readonly ImageMark[]): void {
    this.marks = marks;
    this.requestPaint();
  }

  /** The current image at its own size as a PNG (what "Save PNG" writes). */
  toPng(): Promise<Blob | null> {
    return new Promise((resolve) => this.bitmap.toBlob(resolve, 'image/png'));
  }

  /** Zooms about the panel centre (toolbar buttons). */
  zoomBy(factor: number, sx?: number, sy?: number): void {
    this.view.zoom(factor, sx, sy);
    this.requestPaint();
  }

  /** Fits the image into the panel. */
  resetView(): void {
    this.view.fit();
    this.requestPaint();
  }

  /** Stops listening. */
  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    for (const c of this.cleanup) c();
  }

  private map(): ScreenMap {
    return this.view.map();
  }

  private reportPointer(sx: number, sy: number): void {
    const image = this.image;
    if (!image) return;
    const p = this.view.toWorld(sx, sy);
    const x = Math.floor(p.x);
    const y = Math.floor(p.y);
    this.callbacks.pointer(
      x >= 0 && y >= 0 && x < image.width && y < image.height ? { x, y, screenX: sx, screenY: sy } : undefined,
    );
  }

  private requestPaint(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  private paint(): void {
    const { canvas, ctx } = this;
    const width = Math.max(1, canvas.clientWidth);
    const height = Math.max(1, canvas.clientHeight);
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!this.image) return;
    const m = this.map();
    ctx.setTransform(ratio * m.scale, 0, 0, ratio * m.scale, ratio * m.e, ratio * m.f);
    ctx.imageSmoothingEnabled = m.scale < 2; // zoomed in, show the pixels as blocks
    ctx.drawImage(this.bitmap, 0, 0);
    const map = { scale: ratio * m.scale, ySign: 1 as const, e: ratio * m.e, f: ratio * m.f };
    // All drawings of an image view come from its thread, so an ORIGIN carries from one to the next.
    paintImageDrawings(ctx, this.painter, map, [this.drawings, this.variantDrawings]);
    const drawn = this.marking && this.tool ? [markFromDrag(this.tool, this.marking.from, this.marking.to)] : [];
    if (this.marks.length || drawn.length) {
      ctx.setTransform(ratio * m.scale, 0, 0, ratio * m.scale, ratio * m.e, ratio * m.f);
      paintMarks(ctx, [...this.marks, ...drawn], 1 / m.scale);
    }
  }
}
