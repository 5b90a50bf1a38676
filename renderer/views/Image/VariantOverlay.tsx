/**
 * @file A log variant beside its original in the image view (`variant` parameter: the variant's robot), as the
 * field view shows one: the variant robot gets the same image view with the same drawings as the original (so both
 * draw what the user picked), and its drawings, which come with its images, are painted in the variant colour over
 * the original's. The variant's own image is not shown: both runs replay the same recorded image.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useRobotSource } from '../../data/hooks';
import { useLogVariants, useMirroredView } from '../../data/variants';
import type { ImageRenderer } from './ImageRenderer';
import { variantImageDrawings } from './variantDrawings';

/** Fastest rate the variant's drawings are asked for (per second), the image view's own rate. */
const MAX_RATE = 15;
/** Wait before asking again when nothing new was there (ms). */
const IDLE_WAIT = 100;

/** The overlay's props. */
export interface VariantOverlayProps {
  /** The original (the view's robot). */
  readonly robot: string;
  /** The variant's robot. */
  readonly variant: string;
  /** The original's image view: its name, thread and image (the variant gets the same). */
  readonly view: { readonly name: string; readonly thread: string; readonly image: string };
  /** The drawings the original's view shows. */
  readonly drawings: readonly string[];
  readonly renderer: () => ImageRenderer | undefined;
  /** Whether the view is on the screen: a hidden one asks for nothing (each image is hundreds of kilobytes). */
  readonly visible: () => boolean;
  /** Reports the first differing frame (undefined: identical or not run yet). */
  readonly differsFrom: (frame: number | undefined) => void;
}

/** Feeds the variant's image drawings into the renderer. */
export function VariantOverlay(props: VariantOverlayProps): ReactNode {
  const { robot, variant, view, drawings, renderer, visible, differsFrom } = props;
  const source = useRobotSource(variant);
  const variants = useLogVariants(robot, false);
  const entry = useMemo(() => variants?.variants.find((v) => v.run?.robot === variant), [variants, variant]);
  useEffect(() => differsFrom(entry?.run?.differsFrom), [entry, differsFrom]);

  const { name, thread, image } = view;
  useMirroredView(variant, 'image', name, `for ${thread} vi ${image} ${name}`, drawings, (d) => `vid ${name} ${d} on`);

  useEffect(() => {
    if (source === undefined) return undefined;
    let live = true;
    let seq: number | undefined;
    const loop = async (): Promise<void> => {
      while (live) {
        if (!visible()) {
          await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT));
          continue;
        }
        let fresh = false;
        try {
          const frame = (await source.image(name, seq)).frame;
          if (live && frame) {
            seq = frame.seq;
            renderer()?.setVariantDrawings(variantImageDrawings(frame.drawings));
            fresh = true;
          }
        } catch {
          // The variant robot is gone (forgotten) or has no such view yet: keep asking until the view closes.
        }
        await new Promise((resolve) => setTimeout(resolve, fresh ? 1000 / MAX_RATE : IDLE_WAIT));
      }
    };
    void loop();
    return () => {
      live = false;
      renderer()?.setVariantDrawings([]);
    };
  }, [source, name, renderer, visible]);
  return null;
}
