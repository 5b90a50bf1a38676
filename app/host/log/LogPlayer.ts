/**
 * @file Playback of one recording (B-Human's LogPlayer, formats §1.5 and §3.5) from any frame source: a position (the
 * last frame played), a state (playing, paused, stopped), loop mode and speed. Frames are read from the file on demand
 * and handed to a sink (the replay robot). Frames are read transiently (FrameSource.readFrameTransient): a frame's
 * payloads are valid only while the sink and the `frame` listeners run, so a long log streams through one reused
 * buffer. Seeking goes through the frame index. A sink that can seek exactly (the replay robot's ExactSeeker) brings
 * itself to a state at or before the target and the player replays the frames after it; otherwise `goto n` replays
 * from the second image frame before n up to n (B-Human's way: image-based state is rebuilt, the rest depends on
 * where playback was). Starting over from the first frame tells the sink to start afresh (onRestart), so playing a
 * log again computes what the first play did.
 */
import { Emitter } from '@robot-runtime/core/events/Emitter';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { frameTimeOf } from './frameTime';
import type { FrameSource } from './FrameSource';

/** Playing, paused (position kept) or stopped (before frame 0). */
export type PlayState = 'playing' | 'paused' | 'stopped';

/** Replay speed: a factor of real time (0.1 … 10) or as fast as possible. */
export type ReplaySpeed = number | 'max';

/** Slowest and fastest real-time factors. */
export const MIN_SPEED = 0.1;
export const MAX_SPEED = 10;

/**
 * An exact seek of the sink: brings it to the state after frame `frame` (at most `target`; -1: started afresh) and
 * returns that frame with the player's time there (undefined: unknown, or unchanged when `frame` is `current`).
 */
export type LogPlayerSeek = (target: number, current: number) => { frame: number; time: number | undefined };

/** Events of a player, for the log player view. */
export interface LogPlayerEvents {
  /** A frame was played (its payloads are valid during the call only: copy what you keep). */
  frame: LogFrame;
  /** State, loop or speed changed. */
  state: undefined;
}

/** Where a tick may spend its time when playing at maximum speed (ms), so the UI stays responsive. */
const MAX_TICK_MS = 30;
/** Frames played per tick at most (also at real-time speeds after a long pause of the caller). */
const MAX_TICK_FRAMES = 2000;

/** Plays one log into a sink. */
export class LogPlayer {
  readonly events = new Emitter<LogPlayerEvents>();
  /** The last frame played (-1: none, i.e. before the start). */
  current = -1;
  state: PlayState;
  loop = false;
  speed: ReplaySpeed = 1;
  /** Frames that reported a problem, with the problem (the UI lists them; playback continues). */
  readonly damaged = new Map<number, string>();
  /**
   * A clock shared with other logs (a game's, GameClock): when set, it decides when a frame stamped `time` is due
   * at wall time `nowMs`, instead of this player's own speed.
   */
  pacer: ((time: number, nowMs: number) => boolean) | undefined;
  private lastTime: number | undefined;
  /** Real time and log time at which the current play run started (re-based on every state change). */
  private anchor: { wallMs: number; logMs: number } | undefined;
  /** The next frame, read ahead to learn its time; `read` tells whether a later transient read reused its buffer. */
  private pending: { frame: LogFrame; time: number | undefined; read: number } | undefined;

  private readonly onRestart: (() => void) | undefined;
  private readonly seekSink: LogPlayerSeek | undefined;

  constructor(
    readonly file: FrameSource,
    private readonly sink: (frame: LogFrame) => void,
    options: {
      playing?: boolean;
      /**
       * Called before playback starts over from the first frame (play after the end, loop, stop, a goto near the
       * start): a sink that computes from the frames (the replay robot) starts afresh, as the recorded robot did
       * at that frame, so a second play computes what the first did.
       */
      onRestart?: () => void;
      /** The sink's exact seek (see LogPlayerSeek); without it `goto` replays from two image frames before. */
      seek?: LogPlayerSeek;
    } = {},
  ) {
    this.state = options.playing ? 'playing' : 'stopped';
    this.onRestart = options.onRestart;
    this.seekSink = options.seek;
  }

  /** Number of frames in the log. */
  get frameCount(): number {
    return this.file.frameCount;
  }

  /** Time (ms, FrameInfo) of the last played frame that had one. */
  get time(): number | undefined {
    return this.lastTime;
  }

  /** `log start`: plays from the current position (from the start when at the end). */
  play(): void {
    if (this.current >= this.frameCount - 1) this.rewind();
    this.setState('playing');
  }

  /** `log pause`. */
  pause(): void {
    this.setState('paused');
  }

  /** `log stop`: stops and goes back to before frame 0. */
  stop(): void {
    this.rewind();
    this.setState('stopped');
  }

  /** `log cycle` / `log once`. */
  setLoop(loop: boolean): void {
    this.loop = loop;
    this.events.emit('state', undefined);
  }

  /** Sets the speed: clamped to 0.1 … 10, or 'max'. */
  setSpeed(speed: ReplaySpeed): void {
    this.speed = speed === 'max' ? 'max' : Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
    this.anchor = undefined;
    this.events.emit('state', undefined);
  }

  /** `log forward`: pauses and plays the next `n` frames (a large step seeks, as `goto` does). */
  forward(n = 1): void {
    this.pause();
    const target = Math.min(this.frameCount - 1, this.current + n);
    if (n > 1) this.goto(target);
    else if (target > this.current) this.playNext();
  }

  /** `log backward`: pauses and goes `n` frames back (replaying from the second image frame before). */
  backward(n = 1): void {
    this.pause();
    this.goto(Math.max(0, this.current - n));
  }

  /** `log forward image`: plays frames up to and including the next image frame. */
  nextImage(): void {
    this.pause();
    for (let i = this.current + 1; i < this.frameCount; i++) {
      if (this.file.isImageFrame(i)) {
        while (this.current < i) this.playNext();
        return;
      }
    }
  }

  /** `log backward image`: goes to the previous image frame. */
  previousImage(): void {
    this.pause();
    for (let i = this.current - 1; i >= 0; i--) {
      if (this.file.isImageFrame(i)) {
        this.goto(i);
        return;
      }
    }
  }

  /** `log repeat`: plays the current frame again. */
  repeat(): void {
    this.pause();
    if (this.current >= 0) this.deliver(this.current, this.file.readFrameTransient(this.current));
  }

  /**
   * `log goto n`: pauses and replays up to `n`: from the sink's exact seek when it has one, otherwise from the
   * second image frame before `n` (or the start), so that the robot's state is built from recent data; the
   * position is then `n`.
   */
  goto(n: number): void {
    if (this.frameCount === 0) return;
    const target = Math.max(0, Math.min(this.frameCount - 1, Math.floor(n)));
    // Paused at the target, as after stepping (a stopped player would claim to be before frame 0).
    this.setState('paused');
    if (this.seekSink) {
      const from = this.seekSink(target, this.current);
      if (from.frame !== this.current) this.lastTime = from.time;
      this.pending = undefined;
      this.current = from.frame;
      while (this.current < target) this.playNext();
      return;
    }
    let start = target;
    let images = 0;
    for (let i = target - 1; i >= 0 && images < 2; i--) {
      start = i;
      if (this.file.isImageFrame(i)) images++;
    }
    if (images < 2) start = 0;
    this.pending = undefined;
    this.current = start - 1;
    if (start === 0) this.onRestart?.();
    while (this.current < target) this.playNext();
  }

  /**
   * The sink was brought to the state after frame `frame` by other means (a variant that starts from its original's
   * snapshot): pauses there, so that stepping plays on from it.
   */
  continueAfter(frame: number, time: number | undefined): void {
    this.setState('paused');
    this.pending = undefined;
    this.current = Math.max(-1, Math.min(this.frameCount - 1, Math.floor(frame)));
    this.lastTime = time;
  }

  /**
   * Plays the frames due at `nowMs` (wall clock): at a real-time factor by their FrameInfo times (frames without
   * a time are due at once), or as many as fit in a short time slice at 'max'. Returns the number played.
   */
  tick(nowMs: number): number {
    if (this.state !== 'playing') return 0;
    const started = performance.now();
    let played = 0;
    // A frame listener may pause playback (stop on annotation): checked before every frame.
    while (played < MAX_TICK_FRAMES && this.state === 'playing') {
      if (this.current >= this.frameCount - 1) {
        if (!this.loop || this.frameCount === 0) {
          this.setState('paused');
          break;
        }
        this.rewind();
      }
      const next = this.peek();
      if (this.pacer) {
        if (next.time !== undefined && !this.pacer(next.time, nowMs)) break;
      } else if (this.speed !== 'max' && next.time !== undefined) {
        if (!this.anchor || this.lastTime === undefined || next.time < this.lastTime)
          this.anchor = { wallMs: nowMs, logMs: next.time };
        const due = this.anchor.wallMs + (next.time - this.anchor.logMs) / this.speed;
        if (due > nowMs) break;
      }
      this.playNext();
      played++;
      if ((this.speed === 'max' || this.pacer) && performance.now() - started > MAX_TICK_MS) break;
    }
    return played;
  }

  private peek(): { frame: LogFrame; time: number | undefined } {
    const i = this.current + 1;
    if (!this.pending || this.pending.frame.index !== i || this.pending.read !== this.file.transientReads) {
      const frame = this.file.readFrameTransient(i);
      this.pending = { frame, time: frameTimeOf(frame, this.file.typeInfo), read: this.file.transientReads };
    }
    return this.pending;
  }

  private playNext(): void {
    const { frame, time } = this.peek();
    this.pending = undefined;
    if (time !== undefined) this.lastTime = time;
    this.deliver(frame.index, frame);
  }

  private deliver(i: number, frame: LogFrame): void {
    this.current = i;
    if (frame.error) this.damaged.set(i, frame.error.message);
    this.sink(frame);
    this.events.emit('frame', frame);
  }

  private rewind(): void {
    this.current = -1;
    this.pending = undefined;
    this.anchor = undefined;
    this.lastTime = undefined;
    this.onRestart?.();
  }

  private setState(state: PlayState): void {
    this.anchor = undefined;
    if (this.state === state) return;
    this.state = state;
    this.events.emit('state', undefined);
  }
}
