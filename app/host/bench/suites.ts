import type { BenchRow } from './BenchRow';
import { runCodecBench } from './codecBench';
import { runCorpusBench } from './corpusBench';
import { runDebugLinkBench } from './debugLinkBench';
import { runFrameworkBench } from './frameworkBench';
import { runSimBench } from './simBench';
import { runLogBench } from './logBench';

/** A benchmark suite of `npm run bench`. */
export interface BenchSuite {
  id: string;
  run(): Promise<BenchRow[]>;
}

/** All suites, in the order they run. */
export const suites: BenchSuite[] = [
  { id: 'codec', run: runCodecBench },
  { id: 'debugLink', run: runDebugLinkBench },
  { id: 'framework', run: runFrameworkBench },
  { id: 'corpus', run: runCorpusBench },
  { id: 'sim', run: runSimBench },
  { id: 'log', run: runLogBench },
];
