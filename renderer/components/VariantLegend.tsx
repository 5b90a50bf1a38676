/**
 * @file The status of a view that shows a log variant beside its original: which robot is drawn in which colour
 * and from which frame on the two runs differ.
 */
import type { ReactNode } from 'react';
import { cssRgb, ORIGINAL_TRACK_COLOR, VARIANT_COLOR } from './drawings2d/recolor';

/** The legend's props. */
export interface VariantLegendProps {
  /** The original robot. */
  readonly robot: string | undefined;
  /** The variant's robot. */
  readonly variant: string;
  /** The first frame the runs differ in (undefined: identical or not run yet). */
  readonly differsFrom: number | undefined;
  readonly testId: string;
}

/** `━ robot1 ┅ robot1_tilt · differ from frame 900`, each name in its colour. */
export function VariantLegend({ robot, variant, differsFrom, testId }: VariantLegendProps): ReactNode {
  return (
    <span className="status" data-testid={testId}>
      <span style={{ color: cssRgb(ORIGINAL_TRACK_COLOR) }}>━ {robot}</span>{' '}
      <span style={{ color: cssRgb(VARIANT_COLOR) }}>┅ {variant}</span>
      {differsFrom === undefined ? ' · identical' : ` · differ from frame ${differsFrom}`}
    </span>
  );
}
