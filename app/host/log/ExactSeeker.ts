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
  private obstacles: string[] | undefined;
  private reported = false;

  constructor(
    private readonly target: ExactSeekerTarget,
    options: SnapshotStoreOptions | false = DEFAULT_SNAPSHOTS,
  ) {
    this.store = options ? new SnapshotStore(options) : undefined;
  }

  /** The program starts afresh before the log's first frame. */
  restarted(): void {
    this.exactAfter = -1;
  }

  /** Parameters or providers changed: the snapshots and the current state no longer match a replay from the start. */
  invalidate(): void {
    this.store?.clear();
    this.exactAfter = undefined;
    this.obstacles = undefined;
  }

  /** Frame `index` was played (the player's time is then `playerTime`); takes a snapshot when one is due. */
  played(index: number, playerTime: number | undefined): void {
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
   * Brings the robot to an exact state at or before `target` (the player is at `current`) and returns it; the
   * player then plays the frames after it up to `target`.
   */
  seek(target: number, current: number): SeekStart {
    const nearest = this.blocked() ? undefined : this.store?.nearest(target);
    const exact = this.exactAfter;
    if (exact !== undefined && exact === current && current <= target && current >= (nearest?.frame ?? -1))
      return { frame: current, time: undefined };
    if (nearest) {
      restoreProgram(this.target.program, nearest.snapshot.program);
      this.target.clock.set(nearest.snapshot.clockMs);
      this.exactAfter = nearest.frame;
      return { frame: nearest.frame, time: nearest.snapshot.playerTime };
    }
    this.target.restart();
    this.exactAfter = -1;
    return { frame: -1, time: undefined };
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
