/**
 * @file Exact seeks for a replay robot: while the log plays, snapshots of the program (every thread's blackboard,
 * each module's kept state and random stream, the exchange in flight) are taken at intervals into a budgeted store;
 * a seek restores the nearest snapshot before the target, or plays on from the current frame when that is nearer,
 * or starts afresh at the log's first frame, and the player then replays up to the target. So the robot holds at
 * frame n exactly what a replay from the first frame computes there, whatever the seek history.
 * Snapshots are taken only of an exact state: one reached by playing consecutive frames from the first frame or
 * from a restored snapshot, without a change of parameters or providers in between (a change drops them all). A
 * program with a module that cannot be snapshotted (it neither keeps its state nor is stateless) still seeks
 * exactly, by replaying from the first frame; the console says once which module is in the way.
 */
import type { ManualClock } from '@robot-runtime/core/Clock';
import {
  restoreProgram,
  snapshotObstacles,
  snapshotProgram,
  type ProgramSnapshot,
} from '@robot-runtime/core/threads/programSnapshot';
import type { RobotProgram } from '@robot-runtime/core/threads/RobotProgram';
import type { FrameSource } from './FrameSource';
import { SnapshotStore, type SnapshotStoreOptions } from './SnapshotStore';

/** The state of a replay after one frame. */
export interface ReplaySnapshot {
  readonly program: ProgramSnapshot;
  /** The robot's clock (ms). */
  readonly clockMs: number;
  /** The player's time (FrameInfo of the last frame that had one), for its display. */
  readonly playerTime: number | undefined;
  readonly bytes: number;
}

/** Where a seek left the robot: the state after frame `frame` (-1: none played), and the player's time then. */
export interface SeekStart {
  readonly frame: number;
  readonly time: number | undefined;
}

/** Snapshots every 30 frames within 256 MB unless told otherwise (docs/ide.md, "Exact seeks", has the costs). */
export const DEFAULT_SNAPSHOTS: SnapshotStoreOptions = { budgetBytes: 256 * 1024 * 1024, intervalFrames: 30 };

/** What the seeker works on. */
export interface ExactSeekerTarget {
  readonly program: RobotProgram;
  /** The log (for the thread of frames not played yet). */
  readonly file: FrameSource;
  readonly clock: ManualClock;
  /** Starts the program afresh, as at the log's first frame. */
  restart(): void;
  /** Tells the console something (once per obstacle). */
  report(text: string): void;
}

/** Takes snapshots during playback and seeks exactly. */
export class ExactSeeker {
  /** The snapshots; undefined when snapshots are switched off (every seek backwards replays from the start). */
  readonly store: SnapshotStore<ReplaySnapshot> | undefined;
  /** The last frame played in an exact state (-1: fresh start), or undefined when the state is not exact. */
  private exactAfter: number | undefined = -1;
  /** The frame after which the current exact run began (-1: the first frame; a restored snapshot's frame). */
  private exactSince = -1;
  /** The thread of each frame by its index in the log's thread list, learned as frames are played (-1: unknown). */
  private readonly threadOf: Int16Array;
  private readonly threadIndex: Map<string, number>;
  private firsts: number[] | undefined;
  private obstacles: string[] | undefined;
  private reported = false;
  /** Where a rebased replay starts (rebase): the frame and the state after it; seeks never go before it. */
  private base: { frame: number; snapshot: ReplaySnapshot } | undefined;

  constructor(
    private readonly target: ExactSeekerTarget,
    options: SnapshotStoreOptions | false = DEFAULT_SNAPSHOTS,
  ) {
    this.store = options ? new SnapshotStore(options) : undefined;
    this.threadOf = new Int16Array(target.file.frameCount).fill(-1);
    this.threadIndex = new Map(target.file.threads.map((t, i) => [t, i]));
  }

  /** The program starts afresh before the log's first frame. */
  restarted(): void {
    this.exactAfter = -1;
    this.exactSince = -1;
  }

  /** Parameters or providers changed: the snapshots and the current state no longer match a replay from the start. */
  invalidate(): void {
    this.store?.clear();
    this.base = undefined;
    this.exactAfter = undefined;
    this.obstacles = undefined;
  }

  /** Frame `index` of `thread` was played (the player's time is then `playerTime`); takes a snapshot when due. */
  played(index: number, thread: string, playerTime: number | undefined): void {
    if (index < this.threadOf.length) this.threadOf[index] = this.threadIndex.get(thread) ?? -1;
    if (this.exactAfter === undefined || index !== this.exactAfter + 1) {
      this.exactAfter = undefined;
      return;
    }
    this.exactAfter = index;
    const store = this.store;
    if (!store?.wants(index) || this.blocked()) return;
    const program = snapshotProgram(this.target.program);
    store.add(index, { program, clockMs: this.target.clock.now(), playerTime, bytes: program.bytes });
  }

  /**
   * The program's state now (the player's time then is `playerTime`), for another replay of the same log to start
   * from (a variant of a window); undefined when the program cannot be snapshotted.
   */
  capture(playerTime: number | undefined): ReplaySnapshot | undefined {
    if (this.blocked()) return undefined;
    const program = snapshotProgram(this.target.program);
    return { program, clockMs: this.target.clock.now(), playerTime, bytes: program.bytes };
  }

  /**
   * Puts the program into `snapshot`, the state after frame `frame` that another replay of this log computed under
   * the same configuration (a variant starting where its original is); playing on from it is exact.
   */
  adopt(frame: number, snapshot: ReplaySnapshot): void {
    restoreProgram(this.target.program, snapshot.program);
    this.target.clock.set(snapshot.clockMs);
    this.exactAfter = this.exactSince = frame;
  }

  /**
   * The state now, after frame `frame`, is where this replay starts (a log variant's window, its changes applied):
   * from now on seeks restore it instead of starting afresh, and never go before it. Without effect when the
   * program cannot be snapshotted.
   */
  rebase(frame: number, playerTime: number | undefined): void {
    this.store?.clear();
    const snapshot = this.capture(playerTime);
    this.base = snapshot && { frame, snapshot };
    this.exactAfter = this.exactSince = frame;
  }

  /**
   * Brings the robot to an exact state at or before `target` (the player is at `current`) and returns it; the
   * player then plays the frames after it up to `target`.
   */
  seek(target: number, current: number): SeekStart {
    const base = this.base;
    const needed = Math.max(this.firstNeeded(target), (base?.frame ?? -1) + 1);
    const nearest = this.blocked() ? undefined : (this.store?.nearest(needed - 1) ?? base);
    const exact = this.exactAfter;
    if (
      exact !== undefined &&
      exact === current &&
      current <= target &&
      this.exactSince < needed &&
      current >= (nearest?.frame ?? -1)
    )
      return { frame: current, time: undefined };
    if (nearest) {
      restoreProgram(this.target.program, nearest.snapshot.program);
      this.target.clock.set(nearest.snapshot.clockMs);
      this.exactAfter = this.exactSince = nearest.frame;
      return { frame: nearest.frame, time: nearest.snapshot.playerTime };
    }
    this.target.restart();
    this.restarted();
    return { frame: -1, time: undefined };
  }

  /**
   * The earliest of the threads' last frames up to `target`: a replay that reaches `target` plays this one and every
   * frame after it, so each thread's debug output at `target` is the one a replay from the first frame gave.
   */
  private firstNeeded(target: number): number {
    const firsts = this.firstFrames();
    let wanted = 0; // threads that have a frame up to target
    for (const first of firsts) if (first <= target) wanted++;
    const seen = new Set<number>();
    for (let i = target; i >= 0; i--) {
      const t = this.threadAt(i);
      if (t >= 0) seen.add(t);
      if (seen.size >= wanted) return i;
    }
    return 0;
  }

  /** The first frame of each thread of the log (frameCount for a thread without frames). */
  private firstFrames(): number[] {
    if (this.firsts) return this.firsts;
    const firsts = new Array<number>(this.threadIndex.size).fill(this.threadOf.length);
    let missing = firsts.length;
    for (let i = 0; i < this.threadOf.length && missing > 0; i++) {
      const t = this.threadAt(i);
      if (t >= 0 && firsts[t] === this.threadOf.length) {
        firsts[t] = i;
        missing--;
      }
    }
    return (this.firsts = firsts);
  }

  /** The thread of frame `i` (read from the log when it has not been played yet). */
  private threadAt(i: number): number {
    let t = this.threadOf[i]!;
    if (t < 0) t = this.threadOf[i] = this.threadIndex.get(this.target.file.readFrameTransient(i).thread) ?? -1;
    return t;
  }

  /** Whether the program cannot be snapshotted (said once on the console). */
  private blocked(): boolean {
    this.obstacles ??= snapshotObstacles(this.target.program);
    if (this.obstacles.length && !this.reported) {
      this.reported = true;
      this.target.report(
        `Replay: seeks replay from the log's first frame, since the program cannot be snapshotted:\n` +
          this.obstacles.join('\n'),
      );
    }
    return this.obstacles.length > 0;
  }
}
