/**
 * @file `npm run sim -- --scene <file> --test "<test arguments>"`: the console's `test game` / `test situation`
 * without the IDE. The same runner records every run (into --record <dir>, or config/Logs/Tests/<time>) and the
 * same result table is printed at the end; the exit code is 0 when every run reached its target (or finished its
 * game), 1 otherwise.
 */
import path from 'node:path';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { NodeFiles } from '../console/nodeFiles';
import { resultTable, TestRunner } from '../testRuns/TestRunner';
import { stampedTestDir, testLogRoot } from '../testRuns/testLogDir';
import { parseTestCommand, TEST_HELP, TestSpecError } from '../testRuns/testSpec';

/** What the headless test needs. */
export interface SimTestArgs {
  readonly scene: string;
  /** The words after `test`. */
  readonly test: string;
  readonly seed: number;
  /** Where the logs go (default config/Logs/Tests/<time>_<kind>). */
  readonly record?: string;
  readonly recordRepresentations?: string[];
  readonly recordRobots?: string[];
}

/** Runs the test; returns the exit code. */
export async function runSimTest(
  args: SimTestArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let spec;
  try {
    spec = parseTestCommand(args.test.trim().split(/\s+/));
  } catch (error) {
    if (!(error instanceof TestSpecError)) throw error;
    err(`error: --test: ${error.message}`);
    return 2;
  }
  if (spec.kind === 'help' || spec.kind === 'stop') {
    out(TEST_HELP);
    return 0;
  }
  const logDir = args.record ?? stampedTestDir(testLogRoot(DEFAULT_CONFIG_ROOT), spec.kind);
  const runner = new TestRunner(spec, `test ${args.test.trim()}`, {
    sceneFile: path.resolve(args.scene),
    logDir,
    files: new NodeFiles(),
    seed: args.seed,
    robots: args.recordRobots,
    representations: args.recordRepresentations,
    print: out,
  });
  const state = await runner.run();
  out(resultTable(state));
  const wanted = spec.kind === 'game' ? 'finished' : 'reached';
  return state.runs.every((r) => r.outcome === wanted) ? 0 : 1;
}
