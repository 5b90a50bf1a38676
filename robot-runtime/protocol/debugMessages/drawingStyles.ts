import type { ColorRGBA } from '../../math/types';

/** Pen styles of 2-D drawings (wire values). */
export enum PenStyle {
  noPen = 0,
  solidPen = 1,
  dashedPen = 2,
  dottedPen = 3,
}

/** Brush styles of 2-D drawings (wire values). */
export enum BrushStyle {
  noBrush = 0,
  solidBrush = 1,
}

/** How a shape's outline is drawn (`width` travels as one byte). */
export interface Pen {
  width: number;
  style: PenStyle;
  color: ColorRGBA;
}

/** How a shape is filled. */
export interface Brush {
  style: BrushStyle;
  color: ColorRGBA;
}

/** The brush of shapes drawn without a fill: B-Human still sends brush fields, so something must be sent. */
export const NO_BRUSH: Readonly<Brush> = Object.freeze({
  style: BrushStyle.noBrush,
  color: Object.freeze({ r: 0, g: 0, b: 0, a: 0 }),
});
