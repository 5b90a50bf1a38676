/**
 * @file A campaign's progress as it runs: runs done, passed, failed, errors and the time left, estimated from the
 * wall time per run so far (the runs in parallel included). Printed in the terminal and sent to the IDE's Test
 * Runs view.
 */
import type { CampaignResult } from './campaignRun';

/** Counts so far. */
export interface ProgressCounts {
  readonly total: number;
  readonly done: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: number;
  /** Estimated wall seconds left; undefined before the first result. */
  readonly secondsLeft: number | undefined;
}

/** `3 h 02 min`, `4 min 05 s`, `12 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

/** Progress of one campaign. */
export class CampaignProgress {
  private done = 0;
  private passed = 0;
  private failed = 0;
  private errors = 0;

  constructor(
    readonly total: number,
    /** Wall clock (ms), injected so that tests can drive it. */
    private readonly now: () => number = () => performance.now(),
    private readonly started = now(),
  ) {}

  /** Counts a result. */
  add(result: CampaignResult): void {
    this.done++;
    if (result.outcome === 'passed') this.passed++;
    else if (result.outcome === 'failed') this.failed++;
    else this.errors++;
  }

  /** The counts and the estimate. */
  get counts(): ProgressCounts {
    const elapsed = (this.now() - this.started) / 1000;
    const secondsLeft = this.done === 0 ? undefined : (elapsed / this.done) * (this.total - this.done);
    return {
      total: this.total,
      done: this.done,
      passed: this.passed,
      failed: this.failed,
      errors: this.errors,
      secondsLeft,
    };
  }

  /** `12/200 runs: 10 passed, 2 failed, 0 errors; about 4 min 05 s left`. */
  line(): string {
    const c = this.counts;
    const left =
      c.done === c.total
        ? 'done'
        : c.secondsLeft === undefined
          ? 'estimating'
          : `about ${formatDuration(c.secondsLeft)} left`;
    return `${c.done}/${c.total} runs: ${c.passed} passed, ${c.failed} failed, ${c.errors} errors; ${left}`;
  }
}
