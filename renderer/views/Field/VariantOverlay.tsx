/**
 * @file A log variant beside its original in the field view (`variant` parameter: the variant's robot): the
 * variant robot gets the same field view with the same drawings as the original (so both draw what the user
 * picked), its drawings are painted in the variant colour over the original's, and both pose tracks over the
 * variant's window are drawn, the original's solid, the variant's dashed.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ORIGINAL_TRACK_COLOR, recolorShapes, VARIANT_COLOR } from '../../components/drawings2d/recolor';
import { useStreamListener } from '../../data/hooks';
import { useLogVariants, useMirroredView } from '../../data/variants';
import type { FieldRenderer } from './FieldRenderer';

/** The overlay's props. */
export interface VariantOverlayProps {
  /** The original (the view's robot). */
  readonly robot: string;
  /** The variant's robot. */
  readonly variant: string;
  /** The field view's name (the same in both consoles). */
  readonly name: string;
  /** The drawings the original's view shows. */
  readonly drawings: readonly string[];
  readonly renderer: () => FieldRenderer | undefined;
  /** Reports the first differing frame (undefined: identical or not run yet). */
  readonly differsFrom: (frame: number | undefined) => void;
}

/** Feeds the variant's drawings and both tracks into the renderer. */
export function VariantOverlay(props: VariantOverlayProps): ReactNode {
  const { robot, variant, name, drawings, renderer, differsFrom } = props;
  const variants = useLogVariants(robot, true);
  const entry = useMemo(() => variants?.variants.find((v) => v.run?.robot === variant), [variants, variant]);

  // The variant's console shows the same view with the same drawings as the original's.
  useMirroredView(variant, 'field', name, `vf ${name}`, drawings, (d) => `vfd ${name} ${d} on`);

  useStreamListener(variant, 'drawings', name, (item) => {
    const recolored = item.drawings.map((d) => ({ ...d, shapes: recolorShapes(d.shapes, VARIANT_COLOR) }));
    renderer()?.setTeamDrawings(variant, recolored);
  });
  useEffect(() => () => renderer()?.setTeamDrawings(variant, []), [variant, renderer]);

  useEffect(() => {
    const tracks = entry?.run?.tracks;
    renderer()?.setTracks(
      tracks
        ? [
            { points: tracks.original, color: ORIGINAL_TRACK_COLOR, dashed: false },
            { points: tracks.variant, color: VARIANT_COLOR, dashed: true },
          ]
        : [],
    );
    differsFrom(entry?.run?.differsFrom);
  }, [entry, renderer, differsFrom]);
  useEffect(() => () => renderer()?.setTracks([]), [renderer]);
  return null;
}
