/**
 * @file Orders one thread's providers so that each runs after every provider of the same thread whose
 * representation its module REQUIRES. USES never orders (a stale value is acceptable by declaration), and
 * requirements met by other threads or defaults do not order either. Ties keep the configuration's order, so
 * the result is stable and reviewable.
 */
import type { ProviderStep } from './ModuleGraph';

/** The ordered providers, or the cycles that prevent ordering (then `order` holds the orderable prefix). */
export interface ProviderOrder {
  order: ProviderStep[];
  errors: string[];
}

/**
 * Topologically sorts `steps`. `requiresOf(module)` lists the representations the module REQUIRES.
 * Cycles are reported as data flow, `A -> RepA -> B -> RepB -> A`, one message per cycle.
 */
export function orderProviders(
  threadName: string,
  steps: readonly ProviderStep[],
  requiresOf: (module: string) => readonly string[],
): ProviderOrder {
  const index = new Map(steps.map((s, i) => [s.representation, i] as const));
  // deps[i]: indices of steps that must run before step i.
  const deps = steps.map((s) =>
    requiresOf(s.module)
      .filter((r) => index.has(r))
      .map((r) => index.get(r)!),
  );
  const done = new Array<boolean>(steps.length).fill(false);
  const order: ProviderStep[] = [];
  for (let progress = true; progress;) {
    progress = false;
    for (let i = 0; i < steps.length; i++) {
      if (done[i] || !deps[i]!.every((d) => done[d])) continue;
      done[i] = true;
      order.push(steps[i]!);
      progress = true;
      break; // restart from the top so earlier configuration entries win ties
    }
  }
  const errors = findCycles(steps, deps, done).map(
    (cycle) => `Cycle in thread ${threadName}: ${describeCycle(steps, cycle)}`,
  );
  return { order, errors };
}

/** One cycle per strongly connected group of unordered steps (steps whose dependencies never resolved). */
function findCycles(steps: readonly ProviderStep[], deps: number[][], done: boolean[]): number[][] {
  const cycles: number[][] = [];
  const reported = new Set<number>();
  for (let start = 0; start < steps.length; start++) {
    if (done[start] || reported.has(start)) continue;
    const cycle = cycleThrough(start, deps, done);
    if (!cycle || cycle.some((i) => reported.has(i))) continue;
    cycle.forEach((i) => reported.add(i));
    cycles.push(cycle);
  }
  return cycles;
}

/** A dependency path from `start` back to itself among unordered steps, or undefined if `start` is not on one. */
function cycleThrough(start: number, deps: number[][], done: boolean[]): number[] | undefined {
  const visited = new Set<number>();
  const path: number[] = [];
  const walk = (i: number): boolean => {
    path.push(i);
    for (const d of deps[i]!) {
      if (done[d]) continue;
      if (d === start) return true;
      if (visited.has(d)) continue;
      visited.add(d);
      if (walk(d)) return true;
    }
    path.pop();
    return false;
  };
  return walk(start) ? path : undefined;
}

/**
 * `path` follows dependencies backwards (step -> what it requires); reversing it gives the data flow:
 * provider module -> its representation -> the module that requires it -> …
 */
function describeCycle(steps: readonly ProviderStep[], path: number[]): string {
  const flow = [...path].reverse();
  // Start at the step earliest in the configuration so the message is stable.
  const first = flow.indexOf(Math.min(...flow));
  const rotated = [...flow.slice(first), ...flow.slice(0, first)];
  const parts: string[] = [];
  for (const i of rotated) parts.push(steps[i]!.module, steps[i]!.representation);
  parts.push(steps[rotated[0]!]!.module);
  return parts.join(' -> ');
}
