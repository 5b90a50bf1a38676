/**
 * @file The clock of a replayed game: every robot of a game session plays its frames when the game time reaches
 * them (its frame times minus its clock offset, gameClockAlignment.ts), so play, pause, stop, seek and step move all
 * of them to the same game time. Playing, the game time runs at the chosen speed (up to 128× real time, the team
 * communication monitor's fastest) but never more than MAX_LEAD_MS ahead of the slowest robot still playing: robots
 * whose modules cannot keep up hold the clock back instead of drifting apart. A seek takes every robot to the last
 * of its frames at or before the target, through its own exact seek.
 */
import type { LogPlayer, PlayState } from './LogPlayer';
import type { FrameTimes } from './gameClockAlignment';

/** Fastest game speed (a factor of real time). */
export const MAX_GAME_SPEED = 128;
/** Slowest game speed. */
export const MIN_GAME_SPEED = 0.1;
/** How far the game time may run ahead of the slowest robot (ms of game time). */
const MAX_LEAD_MS = 250;

/** One robot of the game. */
export interface GameMember {
  readonly name: string;
  readonly player: LogPlayer;
  readonly times: FrameTimes;
  /** Its clock minus the game clock (ms). */
  readonly offset: number;
}

/** The shared clock of a game's replayed robots. */
export class GameClock {
  state: PlayState = 'paused';
  /** Factor of real time, or 'max' (MAX_GAME_SPEED). */
  speed: number | 'max' = 1;
  /** Whether the game starts over from its start once every robot reached its end (`log cycle`). */
  loop = false;
  /** The game time's span: from the earliest to the latest frame of any robot (ms, game clock). */
  readonly start: number;
  readonly end: number;
  private anchor = { wallMs: 0, gameMs: 0 };
  /** The last game time the clock told while playing: it never tells an earlier one until a seek or a new start. */
  private told = 0;
  /** Game time up to which each robot has played everything (while the clock plays). */
  private readonly caughtUp = new Map<string, number>();

  constructor(
    readonly members: readonly GameMember[],
    private readonly wall: () => number,
  ) {
    const firsts = members.map((m) => m.times.range.first - m.offset).filter((t) => !Number.isNaN(t));
    const lasts = members.map((m) => m.times.range.last - m.offset).filter((t) => !Number.isNaN(t));
    this.start = firsts.length ? Math.min(...firsts) : 0;
    this.end = lasts.length ? Math.max(...lasts) : 0;
    this.anchor = { wallMs: wall(), gameMs: this.start };
    for (const m of members) m.player.pacer = (time, nowMs) => this.due(m, time, nowMs);
  }

  /** The game time now (ms, game clock). */
  get time(): number {
    return this.now(this.wall());
  }

  /** The member called `name`. */
  member(name: string): GameMember | undefined {
    return this.members.find((m) => m.name === name);
  }

  /** Plays every robot from where the game time is (from the start once it reached the end). */
  play(): void {
    let time = this.time;
    if (time >= this.end) {
      this.seek(this.start);
      time = this.start;
    }
    this.rebase(time);
    this.caughtUp.clear();
    this.state = 'playing';
    // A log that has ended stays at its end (play would start it over).
    for (const m of this.members) if (m.player.current < m.player.frameCount - 1) m.player.play();
  }

  /** Pauses every robot at the game time now (a robot whose tick has not come yet plays up to it first). */
  pause(): void {
    const time = this.time;
    this.rebase(time);
    this.state = 'paused';
    for (const m of this.members) {
      m.player.pause();
      const frame = m.times.frameAt(time + m.offset);
      if (frame > m.player.current) m.player.goto(frame);
    }
  }

  /** Stops every robot (before its first frame) and goes back to the start. */
  stop(): void {
    this.state = 'stopped';
    this.rebase(this.start);
    for (const m of this.members) m.player.stop();
  }

  /** Sets the speed: clamped to MIN_GAME_SPEED … MAX_GAME_SPEED, or 'max' (MAX_GAME_SPEED). */
  setSpeed(speed: number | 'max'): void {
    this.rebase(this.time);
    this.speed = speed === 'max' ? 'max' : Math.min(MAX_GAME_SPEED, Math.max(MIN_GAME_SPEED, speed));
  }

  /**
   * Pauses every robot at game time `time`: each goes to the last of its frames stamped at or before it (a robot
   * whose log begins later is stopped before its first frame).
   */
  seek(time: number): void {
    this.state = 'paused';
    for (const m of this.members) {
      const frame = m.times.frameAt(time + m.offset);
      if (frame < 0) m.player.stop();
      else m.player.goto(frame);
    }
    this.rebase(time);
  }

  /**
   * Moves robot `name` by `frames` frames (negative: back), or to its next/previous image frame (`image`), and all
   * the others to the game time of the frame it reaches.
   */
  step(name: string, frames: number, image = false): void {
    const m = this.member(name);
    if (!m) return;
    const { player } = m;
    let target = Math.max(0, Math.min(player.frameCount - 1, player.current + frames));
    if (image) {
      target = player.current;
      for (let i = player.current + frames; i >= 0 && i < player.frameCount; i += frames)
        if (player.file.isImageFrame(i)) {
          target = i;
          break;
        }
    }
    const time = m.times.timeOf(target);
    if (Number.isNaN(time)) player.goto(target);
    else this.seek(time - m.offset);
  }

  /** Releases the robots' players from this clock. */
  dispose(): void {
    for (const m of this.members) m.player.pacer = undefined;
  }

  private factor(): number {
    return this.speed === 'max' ? MAX_GAME_SPEED : this.speed;
  }

  private rebase(gameMs: number): void {
    this.anchor = { wallMs: this.wall(), gameMs };
    this.told = gameMs;
  }

  private now(wallMs: number): number {
    if (this.state !== 'playing') return this.anchor.gameMs;
    // Never past the end: a clock that told a time beyond it would go back to the end when the game pauses there.
    const free = Math.min(this.end, this.anchor.gameMs + (wallMs - this.anchor.wallMs) * this.factor());
    let slowest = Infinity;
    for (const m of this.members) {
      if (m.player.state !== 'playing') continue;
      slowest = Math.min(slowest, this.caughtUp.get(m.name) ?? this.anchor.gameMs);
    }
    if (slowest === Infinity) {
      // Every log has ended: the game pauses at its end, or starts over (all robots afresh from their first frames).
      if (this.loop) {
        for (const m of this.members) m.player.stop();
        this.anchor = { wallMs, gameMs: this.start };
        this.told = this.start;
        this.caughtUp.clear();
        for (const m of this.members) m.player.play();
        return this.start;
      }
      this.state = 'paused';
      this.anchor = { wallMs, gameMs: free };
      return this.anchor.gameMs;
    }
    if (free <= slowest + MAX_LEAD_MS) return (this.told = free);
    // A robot lags: the clock waits for it (re-anchored, so it does not jump ahead once the robot caught up). It
    // waits where it is, never going back: a robot's mark drops to a frame's time once a frame it waited for is due,
    // and a clock that went back would show again what it showed (the replayed team monitor started over, on a
    // loaded machine, and fed the recorded messages twice).
    this.anchor = { wallMs, gameMs: Math.min(this.end, Math.max(slowest + MAX_LEAD_MS, this.told)) };
    return (this.told = this.anchor.gameMs);
  }

  /** The pacer of `m`'s player: whether its frame stamped `time` (its clock) is due at `wallMs`. */
  private due(m: GameMember, time: number, wallMs: number): boolean {
    if (this.state !== 'playing') return false;
    const game = time - m.offset;
    const now = this.now(wallMs);
    const due = game <= now;
    this.caughtUp.set(m.name, due ? game : now);
    return due;
  }
}
