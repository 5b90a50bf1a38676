// Framework overhead per frame of a 60-module thread (ThreadRunner + ThreadDebugger, no debug request active),
// against the same 60 trivial updates called directly in a loop (same run).
import { measureFrameOverhead } from '@robot-runtime/hosts/robot/workers/measureFrameOverhead';
import type { BenchRow } from './BenchRow';
import { measureRate } from './measure';

function directUpdates(n: number): () => void {
  const reps = Array.from({ length: n }, () => ({ value: 0, sum: 0 }));
  return () => {
    for (let i = 0; i < n; i++) {
      const r = reps[i]!;
      r.value++;
      r.sum = (i > 0 ? reps[i - 1]!.sum : 0) + r.value;
    }
  };
}

/** Runs the framework benchmark. */
export async function runFrameworkBench(): Promise<BenchRow[]> {
  measureFrameOverhead(60, 2000); // warm-up
  const framework = Math.min(measureFrameOverhead(60, 5000), measureFrameOverhead(60, 5000));
  const direct = measureRate(directUpdates(60)).microsPerOp;
  return [
    {
      group: 'framework',
      name: 'frame of a 60-module thread (ordering, MODIFY/verify/draw/output checks, stopwatches)',
      value: framework,
      unit: 'µs/frame',
      baseline: { name: 'the 60 updates called directly', value: direct },
    },
  ];
}
