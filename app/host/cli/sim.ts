/**
 * @file The headless simulator: `npm run sim -- --scene <file> [--duration <s>] [--speed max|<factor>] [--seed N]
 * [--debug-ports <base>]`. It loads the scene, starts the game, prints progress (simulated time, score, steps per
 * second) every few seconds, and at the end the score and per-robot statistics. With --debug-ports every simulated
 * robot serves the debug link on base + its index, so `npm run console -- localhost:<port>` attaches to it. With
 * --record <dir> the robots are recorded through their consoles (see log/simRecording.ts), one log per robot, and
 * the GameController's packets and the team messages into <dir>/game.log (log/gameRecording.ts). With
 * --test "<arguments of the console's test command>" it runs that test instead (simTest.ts) and prints its table.
 * With --external <robot,…> those robots' programs run outside: the simulator serves each its NAO boundary
 * (app/simulator/external), prints one line per robot with its endpoints and waits for the programs; the game
 * then runs in real time (12 ms steps by the wall clock) or, with --lock-step, as fast as the programs answer.
 */
import path from 'node:path';
import { numberOption, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { ExternalBoundary } from '../../simulator/external/ExternalBoundary';
import { runHeadless } from '../../simulator/simulation/headless';
import { Simulation } from '../../simulator/simulation/Simulation';
import { DEFAULT_RECORDED, SimRecording } from '../log/simRecording';
import { GameRecording } from '../log/gameRecording';
import { GAME_RECORDING_FILE } from '../log/gameRecordingFormat';
import { fallSummary, statisticsTable } from '../testRuns/robotStatistics';
import { runSimTest } from './simTest';

/** What the command line asks for. */
export interface SimArgs {
  scene: string;
  duration: number;
  speed: 'max' | number;
  seed: number;
  debugPorts?: number;
  /** Wall seconds between progress lines. */
  progress: number;
  /** Record one log per robot into this folder. */
  record?: string;
  /** What to record (default: see DEFAULT_RECORDED). */
  recordRepresentations?: string[];
  /** Robots to record (default: all). */
  recordRobots?: string[];
  /** Camera images per second and camera to record (default 0: none). */
  imageRate?: number;
  /** Run `test <this>` (game or situation runs) instead of one game. */
  test?: string;
  /** Robots whose programs run outside, served a NAO's boundary. */
  external?: string[];
  /** With external robots: wait for every program's answer each step instead of pacing by the wall clock. */
  lockStep?: boolean;
  /** With external robots: how long to wait for the programs to connect (s). */
  wait?: number;
  /** With external robots: the second byte of their loopback addresses (127.<net>.<team>.<player>). */
  net?: number;
}

/** The usage text. */
export const SIM_USAGE = `Usage: npm run sim -- --scene <file.ros3> [--duration <s>] [--speed max|<factor>] [--seed <n>] [--debug-ports <base>]
                      [--progress <s>] [--record <dir> [--representations <R,…>] [--robots <name,…>] [--image-rate <Hz>]]
                      [--test "game <runs> … | situation <runs> <timeout> … <target>"]
                      [--external <robot>[,<robot>…] [--lock-step] [--wait <s>] [--net <n>]]
  Runs the scene without UI from the kick-off: --duration simulated seconds (default 600, one half), --speed max
  (default) or a multiple of real time, --seed for all noise. With --debug-ports, robot i serves the debug link on
  <base> + i (npm run console -- localhost:<port>). With --record, every robot (or those of --robots) is recorded
  into <dir>/<robot>.log: the representations of --representations (default: ${DEFAULT_RECORDED.join(', ')})
  and camera images at --image-rate per second and camera (default 0: no images), and the GameController's packets and
  the team messages into <dir>/game.log (sml <dir> replays them all as one game). --test runs the console's test
  command headless (--test help lists its arguments): one log per robot and run under --record <dir>/run<N> (default
  config/Logs/Tests/<time>), then the result table; exit code 1 when a run missed its target.
  --external: those robots' programs run outside (any team's code; an articulated scene): each robot gets LoLA
  (a Unix socket and a TCP port), one image stream per camera and its own loopback address 127.<net>.<team>.<player>
  for the GameController (3838) and team ports; one line per robot says where, then the simulator waits --wait
  seconds (default 60) for the programs. It runs in real time (12 ms by the wall clock; a late answer keeps the last
  request) or, with --lock-step, waits for every program's answer each step (reproducible, as fast as they are).`;

const OPTIONS = {
  scene: { type: 'string' },
  duration: { type: 'string' },
  speed: { type: 'string' },
  seed: { type: 'string' },
  'debug-ports': { type: 'string' },
  progress: { type: 'string' },
  record: { type: 'string' },
  representations: { type: 'string' },
  robots: { type: 'string' },
  'image-rate': { type: 'string' },
  test: { type: 'string' },
  external: { type: 'string' },
  'lock-step': { type: 'boolean' },
  wait: { type: 'string' },
  net: { type: 'string' },
} as const;

const list = (v: string | undefined): string[] | undefined =>
  v === undefined
    ? undefined
    : v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

/** Parses the arguments after `npm run sim --`; throws UsageError or HelpRequested. */
export function parseSimArgs(argv: readonly string[]): SimArgs {
  const { values } = parseCommandLine(argv, { options: OPTIONS });
  if (!values.scene) throw new UsageError('--scene <file.ros3> is required');
  const speed =
    values.speed === undefined || values.speed === 'max' ? 'max' : numberOption('speed', values.speed, (n) => n > 0)!;
  const args: SimArgs = {
    scene: values.scene,
    duration: numberOption('duration', values.duration, (n) => n > 0) ?? 600,
    speed,
    seed: numberOption('seed', values.seed, Number.isInteger) ?? 1,
    progress: numberOption('progress', values.progress, (n) => n >= 0) ?? 3,
  };
  const debugPorts = numberOption(
    'debug-ports',
    values['debug-ports'],
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  );
  if (debugPorts !== undefined) args.debugPorts = debugPorts;
  if (values.test !== undefined) args.test = values.test;
  if (values.external !== undefined) {
    args.external = list(values.external);
    if (!args.external?.length) throw new UsageError('--external needs robot names');
    if (values['lock-step']) args.lockStep = true;
    else if (values.speed !== undefined)
      throw new UsageError('external robots run in real time, or with --lock-step as fast as they answer: no --speed');
    args.wait = numberOption('wait', values.wait, (n) => n >= 0) ?? 60;
    const net = numberOption('net', values.net, (n) => Number.isInteger(n) && n >= 0 && n <= 255);
    if (net !== undefined) args.net = net;
  } else if (values['lock-step'] || values.wait !== undefined || values.net !== undefined) {
    throw new UsageError('--lock-step, --wait and --net need --external <robot,…>');
  }
  if (values.record !== undefined) {
    args.record = values.record;
    args.recordRepresentations = list(values.representations);
    args.recordRobots = list(values.robots);
    args.imageRate = numberOption('image-rate', values['image-rate'], (n) => n >= 0) ?? 0;
  } else if (
    values.representations !== undefined ||
    values.robots !== undefined ||
    values['image-rate'] !== undefined
  ) {
    throw new UsageError('--representations, --robots and --image-rate need --record <dir>');
  }
  return args;
}

const speedText = (args: SimArgs, external: boolean): string =>
  external
    ? args.lockStep
      ? 'lock-step'
      : 'real time'
    : args.speed === 'max'
      ? 'max speed'
      : `${args.speed}x real time`;

/** Runs the headless simulation; returns the exit code. */
export async function runSim(
  args: SimArgs,
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  if (args.test !== undefined)
    return runSimTest(
      {
        scene: args.scene,
        test: args.test,
        seed: args.seed,
        record: args.record,
        recordRepresentations: args.recordRepresentations,
        recordRobots: args.recordRobots,
      },
      out,
      err,
    );
  let sim: Simulation;
  let boundary: ExternalBoundary | undefined;
  let onInterrupt: (() => void) | undefined;
  try {
    sim = await Simulation.load(args.scene, {
      seed: args.seed,
      log: (l) => err(`warning: ${l}`),
      external: args.external,
    });
  } catch (error) {
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (args.external) {
    try {
      boundary = await ExternalBoundary.serve(sim, { lockStep: args.lockStep, net: args.net, report: out });
    } catch (error) {
      err(`error: ${error instanceof Error ? error.message : String(error)}`);
      await sim.dispose();
      return 1;
    }
    // Ctrl-C: close the sockets (and remove the LoLA socket files) before leaving.
    const served = boundary;
    onInterrupt = () => void served.close().then(() => process.exit(130));
    process.once('SIGINT', onInterrupt);
    for (const line of boundary.describe()) out(line);
    out(`waiting up to ${args.wait} s for ${boundary.robots.length} robot programs to connect`);
    const missing = await boundary.waitForPrograms((args.wait ?? 60) * 1000);
    if (missing.length) out(`starting without ${missing.join(', ')} (limp until their programs connect)`);
  }
  let recording: SimRecording | undefined;
  let game: GameRecording | undefined;
  if (args.record !== undefined) {
    try {
      recording = new SimRecording(sim, {
        robots: args.recordRobots,
        representations: args.recordRepresentations,
        imageRate: args.imageRate,
      });
    } catch (error) {
      err(`error: ${error instanceof Error ? error.message : String(error)}`);
      await sim.dispose();
      return 2;
    }
    recording.start();
    game = new GameRecording(sim);
  }
  if (args.debugPorts !== undefined) {
    const ports = await sim.listen(args.debugPorts);
    for (const [name, port] of ports) out(`${name}: debug link on port ${port}`);
  }
  out(
    `${sim.scene.name}: ${sim.robots.length} robots${boundary ? ` and ${boundary.robots.length} external` : ''}, ` +
      `seed ${args.seed}, ${args.duration} s at ${speedText(args, boundary !== undefined)}`,
  );
  const result = await runHeadless(
    sim,
    {
      duration: args.duration,
      speed: boundary && !args.lockStep ? 1 : args.speed,
      afterStep: boundary && args.lockStep ? () => boundary.answers() : undefined,
      progressInterval: args.progress,
      afterSteps: () => recording?.controller.update(),
      onStep: game && (() => game.afterStep()),
    },
    (p) =>
      out(
        `t=${p.simSeconds.toFixed(1)} s  score ${p.score[0]}:${p.score[1]}  ${p.stepsPerSecond.toFixed(0)} steps/s (${p.realTimeFactor.toFixed(1)}x real time)`,
      ),
  );
  const teams = sim.scene.teams;
  out(
    `finished: ${result.simSeconds.toFixed(1)} s simulated in ${result.wallSeconds.toFixed(1)} s (${result.stepsPerSecond.toFixed(0)} steps/s, ${result.realTimeFactor.toFixed(1)}x real time)`,
  );
  out(`score: team ${teams[0].number} ${result.score[0]} : ${result.score[1]} team ${teams[1].number}`);
  const statistics = sim.statistics();
  out(statisticsTable(statistics));
  out(fallSummary(statistics, result.simSeconds));
  for (const line of sim.kickStatistics.report()) out(line);
  let code = 0;
  if (recording) {
    const files = recording.save(args.record!);
    for (const problem of recording.problems) err(`recording: ${problem}`);
    const gameFile = path.join(args.record!, GAME_RECORDING_FILE);
    game!.save(gameFile);
    out(
      `recorded ${files.length} logs into ${args.record}, and ${game!.packets} GameController packets and ` +
        `${game!.teamMessages} team messages into ${gameFile}`,
    );
    if (recording.problems.length) code = 1;
  }
  if (onInterrupt) process.off('SIGINT', onInterrupt);
  await boundary?.close();
  await sim.dispose();
  return code;
}

runAsEntry(import.meta.url, SIM_USAGE, (argv) => runSim(parseSimArgs(argv)));
