/**
 * @file How fast the simulation runs compared with the wall clock, over roughly the last second (the status bar
 * and the 3-D view show it; below 1 the machine cannot keep up with real time).
 */

/** Window the factor is averaged over (ms of wall time). */
const WINDOW_MS = 1000;

/** Measures simulated time per wall-clock time. */
export class RealTimeMeter {
  private samples: { wall: number; sim: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Forgets the history (after a pause, a step or a reset). */
  restart(simTime: number): void {
    this.samples = [{ wall: this.now(), sim: simTime }];
  }

  /** Records the simulated time reached now. */
  sample(simTime: number): void {
    const wall = this.now();
    this.samples.push({ wall, sim: simTime });
    while (this.samples.length > 2 && wall - this.samples[1]!.wall > WINDOW_MS) this.samples.shift();
  }

  /** Simulated ms per wall ms over the window; 0 before two samples. */
  get factor(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.wall - first.wall <= 0) return 0;
    return (last.sim - first.sim) / (last.wall - first.wall);
  }
}
