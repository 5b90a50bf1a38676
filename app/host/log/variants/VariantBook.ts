/**
 * @file The variants of one replayed robot: those defined (`log variant <name> …`), the comparison of each run, and
 * how the host adds a variant's robot beside the original (a robot console, so every view can show it). Kept per
 * log session, beside it rather than in it.
 */
import type { LogSession } from '../LogSession';
import type { ReplayRobot } from '../ReplayRobot';
import type { LogVariant } from './logVariant';
import type { VariantComparison } from './runVariant';

/** What the host does for variants: adds a replay robot as a robot console, removes one. */
export interface VariantHost {
  /** Adds `robot` as a console robot called `robot.name` (replacing one of that name), keeping the selection. */
  add(robot: ReplayRobot): void;
  /** Removes the console robot `name`, if there is one. */
  remove(name: string): void;
}

/** A variant's last run: the comparison and the robot it ran in. */
export interface VariantResult extends VariantComparison {
  /** The variant robot (`<original>_<variant>`). */
  readonly robot: string;
  /** Host time the run took (ms). */
  readonly ms: number;
}

/** The variants of one replayed robot. */
export class VariantBook {
  /** Defined variants by name, in definition order. */
  readonly variants = new Map<string, LogVariant>();
  /** The last run of each variant, by name. */
  readonly results = new Map<string, VariantResult>();
  /** Stops each variant robot following its original (by variant name). */
  readonly following = new Map<string, () => void>();
  /** Counts runs and definitions, so views know when to fetch again. */
  revision = 0;
  host: VariantHost | undefined;
}

const books = new WeakMap<LogSession, VariantBook>();

/** The variants of `session`'s replayed robot (created on first use). */
export function variantBook(session: LogSession): VariantBook {
  let book = books.get(session);
  if (!book) books.set(session, (book = new VariantBook()));
  return book;
}
