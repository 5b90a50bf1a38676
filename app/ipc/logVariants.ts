/**
 * @file The bridge channel of re-run and compare (`log variant`): the variants of a replayed robot, each with its
 * window, its `set` / `mr` lines and the comparison of its last run with the original (which representations
 * differ, from which frame on, in how many frames), and on request both robots' pose tracks for the field view.
 */
import { takes, text, Type } from './schema';
import { MAX_ROBOT_NAME } from './logPlayer';

/** One representation that differs between a variant and its original. */
export interface LogVariantDiff {
  readonly thread: string;
  readonly representation: string;
  /** First frame of the log after which it differed. */
  readonly first: number;
  /** Frames of its thread in the window after which it differed. */
  readonly frames: number;
}

/** A variant of a replayed log and its last run. */
export interface LogVariantEntry {
  readonly name: string;
  /** First and last frame of the window. */
  readonly from: number;
  readonly to: number;
  /** The `set` and `mr` lines. */
  readonly lines: readonly string[];
  /** The last run, if it ran. */
  readonly run?: {
    /** The robot the variant ran in (`<robot>_<name>`). */
    readonly robot: string;
    /** First frame after which anything differed; absent when the runs were byte-identical. */
    readonly differsFrom?: number;
    readonly diffs: readonly LogVariantDiff[];
    /** Host time the run took (ms). */
    readonly ms: number;
    /** RobotPose x, y (mm, interleaved) of the original and the variant over the window, when asked for. */
    readonly tracks?: { readonly original: readonly number[]; readonly variant: readonly number[] };
  };
}

/** `pitchside:log.variants` response. */
export interface LogVariants {
  readonly robot: string;
  /** Changes whenever a variant is defined, run or forgotten. */
  readonly revision: number;
  readonly variants: readonly LogVariantEntry[];
}

/** The contracts of the channel above. */
export const LOG_VARIANT_REQUESTS = {
  'pitchside:log.variants': takes(
    Type.Object({
      robot: text(MAX_ROBOT_NAME, { minLength: 1 }),
      /** Include the pose tracks (a few thousand numbers per variant). */
      tracks: Type.Optional(Type.Boolean()),
    }),
  ).answers<LogVariants>(),
};
