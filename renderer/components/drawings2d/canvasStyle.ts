/**
 * @file The fill, stroke, line width, dash pattern and font last set on a canvas context, so that each is only set
 * when it changes: setting a style is not free (colour strings and fonts are parsed, a dash array is copied), and
 * painting 10,000 shapes in runs of a few styles would otherwise set them 10,000 times.
 */

/** Pen styles as the robot sends them (SimRobot's Drawings::PenStyle). */
export const PEN = { none: 0, solid: 1, dashed: 2, dotted: 3 } as const;

/** The canvas context's current styles; `forget` whenever someone else may have changed them. */
export class CanvasStyle {
  private fill: string | undefined;
  private stroke: string | undefined;
  private width = -1;
  /** Pen style and width the dash pattern was made for. */
  private dash = -1;
  private dashWidth = -1;
  private font: string | undefined;

  /** Forgets everything (the context may have been changed by others since). */
  forget(): void {
    this.fill = this.stroke = this.font = undefined;
    this.width = this.dash = this.dashWidth = -1;
  }

  /** Sets the fill colour. */
  setFill(ctx: CanvasRenderingContext2D, color: string): void {
    if (this.fill !== color) ctx.fillStyle = this.fill = color;
  }

  /** Sets the stroke colour, width (canvas pixels) and the dash pattern of a pen style (scaled with the width). */
  setStroke(ctx: CanvasRenderingContext2D, color: string, width: number, penStyle: number): void {
    if (this.stroke !== color) ctx.strokeStyle = this.stroke = color;
    if (this.width !== width) ctx.lineWidth = this.width = width;
    // Every other pen style is solid, and solid pens share one (empty) pattern whatever their width.
    const dashed = penStyle === PEN.dashed || penStyle === PEN.dotted;
    const dash = dashed ? penStyle : PEN.solid;
    const dashWidth = dashed ? width : 0;
    if (this.dash !== dash || this.dashWidth !== dashWidth) {
      this.dash = dash;
      this.dashWidth = dashWidth;
      ctx.setLineDash(dash === PEN.dashed ? [width * 4, width * 3] : dash === PEN.dotted ? [width, width * 2] : []);
    }
  }

  /** Sets the font. */
  setFont(ctx: CanvasRenderingContext2D, font: string): void {
    if (this.font !== font) ctx.font = this.font = font;
  }
}
