/**
 * @file What the `pitchside:log.variants` channel answers for a replayed robot: its variants and their last runs,
 * the pose tracks only when asked for (the Log Player's panel polls without them, the field view fetches them once
 * per revision).
 */
import type { LogVariants } from '@app/ipc/logVariants';
import type { VariantBook } from './VariantBook';

/** The variants of `robot` as the bridge carries them. */
export function variantsState(robot: string, book: VariantBook, tracks: boolean): LogVariants {
  return {
    robot,
    revision: book.revision,
    variants: [...book.variants.values()].map((v) => {
      const result = book.results.get(v.name);
      const run = result && {
        robot: result.robot,
        differsFrom: result.differsFrom,
        diffs: result.diffs,
        ms: result.ms,
        tracks: tracks ? result.tracks : undefined,
      };
      return { name: v.name, from: v.from, to: v.to, lines: v.lines, run };
    }),
  };
}
