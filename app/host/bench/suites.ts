import type { BenchRow } from './BenchRow';

/** A benchmark suite of `npm run bench`. */
export interface BenchSuite {
  id: string;
  run(): Promise<BenchRow[]>;
}

/** All suites, in the order they run. */
export const suites: BenchSuite[] = [];
