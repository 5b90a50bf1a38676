import { BrushStyle, PenStyle, type Brush, type Pen } from '../core/debug/DebugContext';
import type { ColorRGBA } from '../math/types';

/** Shorthands for the pens and brushes draw() methods use, so drawings read like B-Human's macros. */
export const solidPen = (color: ColorRGBA, width = 10): Pen => ({ width, style: PenStyle.solidPen, color });
export const dashedPen = (color: ColorRGBA, width = 10): Pen => ({ width, style: PenStyle.dashedPen, color });
export const solidBrush = (color: ColorRGBA): Brush => ({ style: BrushStyle.solidBrush, color });
export const noBrush = (): Brush => ({ style: BrushStyle.noBrush, color: { r: 0, g: 0, b: 0, a: 0 } });

export { PenStyle };
