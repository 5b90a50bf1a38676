import { runArticulatedBench } from './articulatedBench';
import type { BenchRow } from './BenchRow';
import { runConsoleBench } from './consoleBench';
import { runCodecBench } from './codecBench';
import { runExternalBench } from './externalBench';
import { runCorpusBench } from './corpusBench';
import { runDebugLinkBench } from './debugLinkBench';
import { runFrameworkBench } from './frameworkBench';
import { runNetworkBench } from './networkBench';
import { runSimBench } from './simBench';
import { runLogBench } from './logBench';
import { runMcapBench } from './mcapBench';
import { runMotionBench } from './motionBench';
import { runSceneBench } from './sceneBench';
import { runViewsBench } from './viewsBench';
import { runBridgeImageBench } from './bridgeImageBench';
import { runCampaignBench } from './campaignBench';
import { runPerceptionBench } from './perceptionBench';
import { runSeekBench } from './seekBench';
import { runWhistleBench } from './whistleBench';

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
  { id: 'articulated', run: runArticulatedBench },
  { id: 'external', run: runExternalBench },
  { id: 'motion', run: runMotionBench },
  { id: 'log', run: runLogBench },
  { id: 'seek', run: runSeekBench },
  { id: 'mcap', run: runMcapBench },
  { id: 'scene3d', run: runSceneBench },
  { id: 'views2d', run: runViewsBench },
  { id: 'bridge', run: runBridgeImageBench },
  { id: 'console', run: runConsoleBench },
  { id: 'campaign', run: runCampaignBench },
  { id: 'perception', run: runPerceptionBench },
  { id: 'whistle', run: runWhistleBench },
];
