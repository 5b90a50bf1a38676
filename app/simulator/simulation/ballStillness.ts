/**
 * @file Whether the ball has not been played: it has stayed within a radius of where it was a given time ago, the
 * whole time since. The automatic referee (game stuck) and the soak's invariant (a stuck game the referee missed)
 * judge with this one definition, each with its own radius and sampling. A window, not an anchor that moves when the
 * ball has moved far enough: two anchors set at different moments disagree about the same ball for up to the whole
 * game-stuck time, while the window's verdict depends only on where the ball was.
 */

interface Sample {
  time: number;
  x: number;
  y: number;
}

/** Ball positions over the last `duration` and whether they all stayed near the first of them. */
export class BallStillness {
  private samples: Sample[] = [];
  private head = 0;

  constructor(
    /** How far (mm) the ball may move from where it was at the window's start and still count as not played. */
    private readonly radius: number,
    /** The window (ms): how long the ball must have stayed. */
    private readonly duration: number,
  ) {}

  /** Forgets the positions (the ball was played, or the game's situation changed). */
  reset(): void {
    this.samples = [];
    this.head = 0;
  }

  /**
   * Adds where the ball is at `time` (ms; times must not decrease); true when it has stayed within the radius of
   * where it was `duration` ago for the whole time since (and positions reach back that far since the last reset).
   */
  add(time: number, x: number, y: number): boolean {
    this.samples.push({ time, x, y });
    // Keep the newest sample at least `duration` old as the window's start, and nothing older.
    while (this.samples.length - this.head >= 2 && this.samples[this.head + 1]!.time <= time - this.duration)
      this.head++;
    if (this.head > 1024) {
      this.samples = this.samples.slice(this.head);
      this.head = 0;
    }
    const start = this.samples[this.head]!;
    if (start.time > time - this.duration) return false;
    for (let i = this.head + 1; i < this.samples.length; i++) {
      const s = this.samples[i]!;
      if (Math.hypot(s.x - start.x, s.y - start.y) > this.radius) return false;
    }
    return true;
  }
}
