import type { BenchRow } from './BenchRow';
import { runCodecBench } from './codecBench';
import { runDebugLinkBench } from './debugLinkBench';

/** A benchmark suite of `npm run bench`. */
export interface BenchSuite {
  id: string;
  run(): Promise<BenchRow[]>;
}

/** All suites, in the order they run. */
export const suites: BenchSuite[] = [
  { id: 'codec', run: runCodecBench },
  { id: 'debugLink', run: runDebugLinkBench },
];
