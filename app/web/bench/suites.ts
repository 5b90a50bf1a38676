import type { BenchRow } from '../../host/bench/BenchRow';
import { runConsoleBench } from './consoleBench';
import { runCodecBench } from '../../host/bench/codecBench';
import { runCorpusBench } from '../../host/bench/corpusBench';
import { runDebugLinkBench } from '../../host/bench/debugLinkBench';
import { runFrameworkBench } from '../../host/bench/frameworkBench';
import { runNetworkBench } from '../../host/network/networkBench';
import { runSimBench } from '../../host/bench/simBench';
import { runLogBench } from '../../host/bench/logBench';
import { runSceneBench } from '../../host/bench/sceneBench';
import { runViewsBench } from '../../host/bench/viewsBench';

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
  { id: 'network', run: runNetworkBench },
  { id: 'sim', run: runSimBench },
  { id: 'log', run: runLogBench },
  { id: 'scene3d', run: runSceneBench },
  { id: 'views2d', run: runViewsBench },
  { id: 'console', run: runConsoleBench },
];
