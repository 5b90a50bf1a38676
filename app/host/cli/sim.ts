/**
 * @file The headless simulator: `npm run sim -- --scene <file> [--duration <s>] [--speed max|<factor>] [--seed N]
 * [--debug-ports <base>]`. It loads the scene, starts the game, prints progress (simulated time, score, steps per
 * second) every few seconds, and at the end the score and per-robot statistics. With --debug-ports every simulated
 * robot serves the debug link on base + its index, so `npm run console -- localhost:<port>` attaches to it.
 */
import { pathToFileURL } from 'node:url';
import { runHeadless } from '../../simulator/simulation/headless';
import { Simulation, type RobotSummary } from '../../simulator/simulation/Simulation';

/** What the command line asks for. */
export interface SimArgs {
  scene: string;
  duration: number;
  speed: 'max' | number;
  seed: number;
  debugPorts?: number;
  /** Wall seconds between progress lines. */
  progress: number;
}

/** The usage text. */
export const SIM_USAGE = `Usage: npm run sim -- --scene <file.ros3> [--duration <s>] [--speed max|<factor>] [--seed <n>] [--debug-ports <base>] [--progress <s>]
  Runs the scene without UI from the kick-off: --duration simulated seconds (default 600, one half), --speed max
  (default) or a multiple of real time, --seed for all noise. With --debug-ports, robot i serves the debug link on
  <base> + i (npm run console -- localhost:<port>).`;

/** Parses the arguments after `npm run sim --`. */
export function parseSimArgs(argv: readonly string[]): SimArgs | { error: string } {
  const args: SimArgs = { scene: '', duration: 600, speed: 'max', seed: 1, progress: 3 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    const num = Number(value);
    switch (arg) {
      case '--scene':
        if (!value) return { error: '--scene needs a file' };
        args.scene = value;
        break;
      case '--duration':
        if (!(num > 0)) return { error: '--duration needs a positive number of seconds' };
        args.duration = num;
        break;
      case '--speed':
        if (value === 'max') args.speed = 'max';
        else if (num > 0) args.speed = num;
        else return { error: '--speed needs max or a positive factor' };
        break;
      case '--seed':
        if (!Number.isInteger(num)) return { error: '--seed needs an integer' };
        args.seed = num;
        break;
      case '--debug-ports':
        if (!Number.isInteger(num) || num < 0 || num > 65535) return { error: '--debug-ports needs a port number' };
        args.debugPorts = num;
        break;
      case '--progress':
        if (!(num >= 0)) return { error: '--progress needs seconds' };
        args.progress = num;
        break;
      case '--help':
      case '-h':
        return { error: SIM_USAGE };
      default:
        return { error: `unknown argument '${arg}'\n${SIM_USAGE}` };
    }
    i++;
  }
  if (!args.scene) return { error: SIM_USAGE };
  return args;
}

const fmt = (v: number | undefined, digits = 0): string => (v === undefined ? '-' : v.toFixed(digits));

/** The per-robot table printed at the end. */
export function statisticsTable(rows: readonly RobotSummary[]): string {
  const header = ['robot', 'team', 'no', 'walked m', 'kicks', 'falls', 'ball seen s', 'loc err mm', 'msgs'];
  const lines = rows.map((r) => [r.name, String(r.team + 1), String(r.playerNumber), fmt(r.distanceWalked / 1000, 1), String(r.kicks), String(r.falls), fmt(r.ballSeenSeconds, 1), fmt(r.meanLocalizationError), String(r.messagesSent)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [row(header), ...lines.map(row)].join('\n');
}

/** Runs the headless simulation; returns the exit code. */
export async function runSim(args: SimArgs, out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  let sim: Simulation;
  try {
    sim = await Simulation.load(args.scene, { seed: args.seed, log: (l) => out(`warning: ${l}`) });
  } catch (error) {
    out(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (args.debugPorts !== undefined) {
    const ports = await sim.listen(args.debugPorts);
    for (const [name, port] of ports) out(`${name}: debug link on port ${port}`);
  }
  out(`${sim.scene.name}: ${sim.robots.length} robots, seed ${args.seed}, ${args.duration} s at ${args.speed === 'max' ? 'max speed' : `${args.speed}x real time`}`);
  const result = await runHeadless(sim, { duration: args.duration, speed: args.speed, progressInterval: args.progress }, (p) =>
    out(`t=${p.simSeconds.toFixed(1)} s  score ${p.score[0]}:${p.score[1]}  ${p.stepsPerSecond.toFixed(0)} steps/s (${p.realTimeFactor.toFixed(1)}x real time)`),
  );
  const teams = sim.scene.teams;
  out(`finished: ${result.simSeconds.toFixed(1)} s simulated in ${result.wallSeconds.toFixed(1)} s (${result.stepsPerSecond.toFixed(0)} steps/s, ${result.realTimeFactor.toFixed(1)}x real time)`);
  out(`score: team ${teams[0].number} ${result.score[0]} : ${result.score[1]} team ${teams[1].number}`);
  out(statisticsTable(sim.statistics()));
  await sim.dispose();
  return 0;
}

async function main(): Promise<void> {
  const args = parseSimArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\n`);
    process.exit(2);
  }
  process.exit(await runSim(args));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
