/**
 * @file Benchmark helper (`npm run bench`): the framework's cost per frame for a thread of trivial modules,
 * i.e. everything a frame does besides the modules' own work (debug wrapping, blackboard access, exchange).
 * Lives with the Node host because it reads the high-resolution wall clock.
 */
import { ManualClock } from '@robot-runtime/core/Clock';
import { makeThread } from '@robot-runtime/core/config/Configuration';
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { buildModuleGraph, type AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import { defineRepresentation } from '@robot-runtime/core/representation';
import { ThreadRunner } from '@robot-runtime/core/threads/ThreadRunner';
import { field, t } from '@robot-runtime/protocol/types';

/** Types are registered globally by name, so each chain length is declared once per process. */
const chains = new Map<number, AnyModuleDefinition[]>();

/** n modules in a chain: module i provides BenchRep<i> and requires BenchRep<i-1>. */
function chain(n: number): AnyModuleDefinition[] {
  let modules = chains.get(n);
  if (modules) return modules;
  const reps = Array.from({ length: n }, (_, i) =>
    defineRepresentation(`BenchRep${n}_${i}`, {
      value: field(t.int32, 'Counter.'),
      sum: field(t.float, 'Running sum.'),
    }),
  );
  modules = reps.map((rep, i) =>
    defineModule({
      name: `BenchModule${n}_${i}`,
      category: 'Bench',
      requires: i > 0 ? [reps[i - 1]!] : [],
      provides: [rep],
    }).implement(({ the }) => ({
      update: {
        [rep.typeName]: (r: { value: number; sum: number }) => {
          r.value++;
          const previous = i > 0 ? (the as Record<string, { sum: number }>)[reps[i - 1]!.typeName]! : undefined;
          r.sum = (previous?.sum ?? 0) + r.value;
        },
      } as never,
    })),
  );
  chains.set(n, modules);
  return modules;
}

/**
 * Runs a thread of `nModules` trivial modules (default 60) with a ThreadDebugger and no active debug requests
 * and returns the mean µs per frame (after a warm-up). Provided in reverse so the graph has to sort them.
 */
export function measureFrameOverhead(nModules = 60, frames = 5000): number {
  const modules = chain(nModules);
  const providers = Object.fromEntries(
    [...modules].reverse().map((m) => [(m.provides[0] as { typeName: string }).typeName, m.name]),
  );
  const graph = buildModuleGraph(modules, {
    defaultRepresentations: [],
    threads: [makeThread('Cognition', 'Cognition', providers)],
  });
  if (graph.errors.length) throw new Error(graph.errors.join('\n'));
  const clock = new ManualClock(0, () => performance.now() * 1000);
  const runner = new ThreadRunner({
    graph,
    plan: graph.threads[0]!,
    clock,
    debugger: new ThreadDebugger({ clock, threadName: 'Cognition' }),
  });
  for (let i = 0; i < 500; i++) runner.runFrame();
  const start = performance.now();
  for (let i = 0; i < frames; i++) {
    clock.advance(16);
    runner.runFrame();
  }
  return ((performance.now() - start) * 1000) / frames;
}
