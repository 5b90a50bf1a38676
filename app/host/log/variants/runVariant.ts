/**
 * @file Re-runs a window of a replayed log as a variant beside its original and compares them. The original seeks
 * exactly to the frame before the window; the variant, a second replay of the same log under the same configuration
 * and parameters, adopts that exact state (the original's snapshot), applies its `set` / `mr` lines, and then both
 * play the window frame by frame, the recorded inputs driving both. After each frame every representation of each
 * thread that ran is encoded with the binary codec (the bytes a log or the debug link carries) in both programs and
 * compared: a representation differs at a frame when its bytes do, or when only one program has it. The result
 * says, per representation, the first frame where it differs and in how many of its thread's frames it does, and
 * holds both robots' pose tracks over the window for the field view.
 */
import { encodeTo } from '@robot-runtime/protocol/binary/encode';
import { OutBinary } from '@robot-runtime/protocol/binary/OutBinary';
import type { AnyType } from '@robot-runtime/protocol/types';
import type { ThreadRunner } from '@robot-runtime/core/threads/ThreadRunner';
import type { ReplayRobot } from '../ReplayRobot';
import { applyVariantLine } from './applyVariantLine';
import { VariantError, type LogVariant } from './logVariant';

/** Points kept of each pose track (a longer window keeps every n-th). */
export const MAX_TRACK_POINTS = 2000;
/** The representation whose translation makes the pose tracks. */
const POSE = 'RobotPose';

/** One representation that differs between the original and the variant. */
export interface RepresentationDiff {
  readonly thread: string;
  readonly representation: string;
  /** First frame of the log after which it differed. */
  readonly first: number;
  /** Frames of its thread in the window after which it differed. */
  readonly frames: number;
}

/** What re-running a window as a variant showed. */
export interface VariantComparison {
  readonly variant: LogVariant;
  /** Frames re-run (the window's length). */
  readonly frames: number;
  /** First frame after which any representation differed; undefined when the runs were byte-identical. */
  readonly differsFrom: number | undefined;
  /** The differing representations, by first frame. */
  readonly diffs: readonly RepresentationDiff[];
  /** RobotPose translations (x, y in mm, interleaved) of the original and the variant after its thread's frames. */
  readonly tracks: { readonly original: readonly number[]; readonly variant: readonly number[] };
  /** Frames after which the tracks hold a point (the same for both). */
  readonly trackFrames: readonly number[];
  /** How the variant started: from the original's snapshot, or replayed from the log's first frame. */
  readonly start: 'snapshot' | 'first frame';
}

/** The state of one representation's comparison. */
interface Diff {
  first: number;
  frames: number;
}

/**
 * Runs `spec` on `variant` (a fresh replay of `original`'s log under its configuration and parameters) beside
 * `original`, which replays the window too. Both are left after the window's last frame. Throws VariantError for a
 * window outside the log or a line the variant cannot apply.
 */
export function runVariant(original: ReplayRobot, variant: ReplayRobot, spec: LogVariant): VariantComparison {
  const count = original.player.frameCount;
  if (spec.to >= count)
    throw new VariantError(`the window ${spec.from} … ${spec.to} ends after the log's last frame ${count - 1}`);
  const start = startVariant(original, variant, spec.from);
  for (const line of spec.lines) applyVariantLine(variant, line);
  // The window's first frames find the variant's request names, which its console's poll gets once it is added.
  variant.discoverRequests();
  // The window's start with the changes applied is where the variant's seeks go back to (never before it).
  if (spec.from > 0) variant.seeker.rebase(spec.from - 1, variant.player.time);
  const diffs = new Map<string, Diff>();
  const tracks = { original: [] as number[], variant: [] as number[] };
  const trackFrames: number[] = [];
  const threads = [...new Set([...original.program.threads, ...variant.program.threads].map((r) => r.name))];
  for (let frame = spec.from; frame <= spec.to; frame++) {
    const before = threads.map((t) => ran(original, variant, t));
    original.player.forward(1);
    variant.player.forward(1);
    threads.forEach((thread, i) => {
      if (ran(original, variant, thread) === before[i]) return;
      const a = original.program.thread(thread);
      const b = variant.program.thread(thread);
      compareThread(thread, a, b, frame, diffs);
      const pa = a?.blackboard.has(POSE) ? (a.blackboard.get(POSE) as Pose) : undefined;
      const pb = b?.blackboard.has(POSE) ? (b.blackboard.get(POSE) as Pose) : undefined;
      if (pa && pb) {
        tracks.original.push(pa.translation.x, pa.translation.y);
        tracks.variant.push(pb.translation.x, pb.translation.y);
        trackFrames.push(frame);
      }
    });
  }
  const list = [...diffs].map(([key, d]) => {
    const dot = key.indexOf('.');
    return { thread: key.slice(0, dot), representation: key.slice(dot + 1), ...d };
  });
  list.sort((x, y) => x.first - y.first || x.representation.localeCompare(y.representation));
  const every = Math.max(1, Math.ceil(trackFrames.length / MAX_TRACK_POINTS));
  return {
    variant: spec,
    frames: spec.to - spec.from + 1,
    differsFrom: list.length ? list[0]!.first : undefined,
    diffs: list,
    tracks: { original: thin(tracks.original, every), variant: thin(tracks.variant, every) },
    trackFrames: trackFrames.filter((_, i) => i % every === 0),
    start,
  };
}

interface Pose {
  readonly translation: { readonly x: number; readonly y: number };
}

/**
 * Brings `original` exactly to the state after frame `from - 1` and `variant` to the same state: the original's
 * snapshot when its program can be snapshotted, else a replay of the variant from the log's first frame.
 */
function startVariant(original: ReplayRobot, variant: ReplayRobot, from: number): 'snapshot' | 'first frame' {
  if (from === 0) {
    original.player.stop(); // before the first frame: the program starts afresh, as the new variant does
    variant.player.stop();
    return 'snapshot';
  }
  original.player.goto(from - 1);
  const snapshot = original.seeker.capture(original.player.time);
  if (!snapshot) {
    variant.player.goto(from - 1);
    return 'first frame';
  }
  variant.seeker.adopt(from - 1, snapshot);
  variant.player.continueAfter(from - 1, snapshot.playerTime);
  return 'snapshot';
}

/**
 * Keeps `variant` at the original's frame while the original moves within the window (playing, stepping, seeking),
 * so that views show both at the same frame; returns the function that stops it.
 */
export function followOriginal(original: ReplayRobot, variant: ReplayRobot, spec: LogVariant): () => void {
  return original.player.events.on('frame', (frame) => {
    if (frame.index >= spec.from && frame.index <= spec.to && variant.player.current !== frame.index)
      variant.player.goto(frame.index);
  });
}

/** A count that changes when `thread` runs in either program. */
function ran(original: ReplayRobot, variant: ReplayRobot, thread: string): number {
  return (original.program.thread(thread)?.frameNumber ?? 0) + (variant.program.thread(thread)?.frameNumber ?? 0);
}

/** Two writers the comparison reuses: encoding into them allocates nothing once they have grown. */
const written = [new OutBinary(1 << 16), new OutBinary(1 << 16)] as const;

/** Compares the blackboards of one thread after it ran for `frame`; counts each representation that differs. */
function compareThread(
  thread: string,
  a: ThreadRunner | undefined,
  b: ThreadRunner | undefined,
  frame: number,
  diffs: Map<string, Diff>,
): void {
  const names = new Set([...(a?.blackboard.names() ?? []), ...(b?.blackboard.names() ?? [])]);
  for (const name of names) {
    if (same(write(written[0], a, name), write(written[1], b, name))) continue;
    const key = `${thread}.${name}`;
    const diff = diffs.get(key);
    if (diff) diff.frames++;
    else diffs.set(key, { first: frame, frames: 1 });
  }
}

/** Encodes `name` of `runner` into `out` (reset first); undefined when the runner has no such representation. */
function write(out: OutBinary, runner: ThreadRunner | undefined, name: string): OutBinary | undefined {
  if (!runner?.blackboard.has(name)) return undefined;
  out.reset();
  encodeTo(out, runner.blackboard.typeOf(name) as AnyType, runner.blackboard.get(name));
  return out;
}

function same(a: OutBinary | undefined, b: OutBinary | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  const x = a.buffer;
  const y = b.buffer;
  for (let i = 0; i < a.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Every `every`-th point of an interleaved (x, y) list. */
function thin(points: readonly number[], every: number): number[] {
  if (every === 1) return [...points];
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 2 * every) out.push(points[i]!, points[i + 1]!);
  return out;
}
