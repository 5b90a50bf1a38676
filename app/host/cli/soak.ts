/**
 * @file The whole-game soak: `npm run soak -- [--scene <file>] [--seed N] [--half <s>]`. Plays both halves of the
 * default 7 vs 7 scene (Game.ros3: robot1 perceives from its rendered camera images, which the simulator renders
 * because its perception reads them, the other 13 from oracle percepts) at maximum speed without UI and checks
 * the game's invariants every simulated second
 * (beliefs near the truth, nobody standing still, the ball never stuck without a referee decision). Prints each
 * violation when it happens and exits 1 if there was any.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberOption, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { Simulation } from '../../simulator/simulation/Simulation';
import { BeliefTrace } from '../../simulator/simulation/soak/beliefTrace';
import { playGame, type GameOutcome } from '../../simulator/simulation/soak/playGame';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The default scene, as `npm start` opens it. */
export const SOAK_SCENE = 'scenes/Game.ros3';

/** What the command line asks for. */
export interface SoakArgs {
  scene: string;
  seed: number;
  /** Playing time of a half (s). */
  half: number;
  /** A robot whose self-localization is printed frame by frame next to the truth, and when (simulated s). */
  trace?: { robot: string; from: number; to: number };
}

/** The usage text. */
export const SOAK_USAGE = `Usage: npm run soak -- [--scene <file.ros3>] [--seed <n>] [--half <s>]
                     [--trace <robot> [--from <s>] [--to <s>]]
  Plays a whole game (both halves, default 600 s each) of the scene (default scenes/Game.ros3) at maximum
  speed and checks its invariants every simulated second. --trace prints the robot's self-localization per
  frame next to the truth (and the features it saw) between the simulated times --from and --to (default: the
  whole game), the times the violations name.`;

/** Parses the arguments after `npm run soak --`; throws UsageError or HelpRequested. */
export function parseSoakArgs(argv: readonly string[]): SoakArgs {
  const { values } = parseCommandLine(argv, {
    options: {
      scene: { type: 'string' },
      seed: { type: 'string' },
      half: { type: 'string' },
      trace: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const from = numberOption('from', values.from, (n) => n >= 0);
  const to = numberOption('to', values.to, (n) => n >= (from ?? 0));
  if ((from !== undefined || to !== undefined) && values.trace === undefined)
    throw new UsageError('--from and --to need --trace <robot>');
  return {
    scene: values.scene ?? path.join(repository, SOAK_SCENE),
    seed: numberOption('seed', values.seed, Number.isInteger) ?? 1,
    half: numberOption('half', values.half, (n) => n > 0) ?? 600,
    trace: values.trace === undefined ? undefined : { robot: values.trace, from: from ?? 0, to: to ?? Infinity },
  };
}

/** Plays the game; `out` gets progress and violations. */
export async function runSoak(args: SoakArgs, out: (line: string) => void): Promise<GameOutcome> {
  const sim = await Simulation.load(args.scene, {
    seed: args.seed,
    halfDuration: args.half * 1000,
    log: (l) => out(`warning: ${l}`),
  });
  try {
    const trace = args.trace && new BeliefTrace(args.trace.robot, args.trace.from, args.trace.to);
    if (trace && !sim.robot(trace.robot)) throw new Error(`no robot ${trace.robot} in ${args.scene}`);
    let reported = 0;
    const wallStart = performance.now();
    // Ready, set and stoppages add to each half's playing time; twice the half bounds a half that never finishes.
    return await playGame(sim, {
      maxHalfMs: 2 * args.half * 1000 + 120_000,
      yieldEveryMs: 100,
      onStep: trace
        ? (s) => {
            const line = trace.line(s);
            if (line) out(line);
          }
        : undefined,
      onSecond: (s, invariants) => {
        for (const v of invariants.violations.slice(reported))
          out(`VIOLATION t=${(v.time / 1000).toFixed(0)} s ${v.kind} ${v.robot ?? ''}: ${v.detail}`);
        reported = invariants.violations.length;
        if (Math.round(s.time / 1000) % 60 === 0) {
          const d = s.gc.getData();
          out(
            `t=${(s.time / 1000).toFixed(0)} s  ${d.firstHalf ? 'first' : 'second'} half  score ${s.score[0]}:${s.score[1]}  ${((performance.now() - wallStart) / 1000).toFixed(0)} s wall`,
          );
        }
      },
    });
  } finally {
    await sim.dispose();
  }
}

async function main(args: SoakArgs): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const outcome = await runSoak(args, out);
  out(
    `score ${outcome.score[0]}:${outcome.score[1]}, halves ${outcome.halves.map((h) => `${h.toFixed(0)} s`).join(' + ')}, worst belief error ${outcome.worstBelief.map((b) => `${b.toFixed(0)} mm`).join(' / ')}`,
  );
  out(outcome.violations.length ? `${outcome.violations.length} violations` : 'no violations');
  return outcome.violations.length ? 1 : 0;
}

runAsEntry(import.meta.url, SOAK_USAGE, (argv) => main(parseSoakArgs(argv)));
