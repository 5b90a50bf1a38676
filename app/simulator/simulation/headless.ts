/**
 * @file A simulation without UI: start the game, step as fast as allowed (or at a multiple of real time), report
 * progress, end after a simulated duration or when the game is finished. The event loop gets a turn every few
 * milliseconds, so consoles attached over TCP are served while it runs.
 */
import { GameState } from '../gameController/GameControllerData';
import type { Simulation } from './Simulation';

/** How to run. */
export interface HeadlessOptions {
  /** Simulated seconds to run. */
  duration: number;
  /** 'max' = as fast as possible, or a multiple of real time. */
  speed: 'max' | number;
  /** Wall-clock seconds between progress reports (0 = none). */
  progressInterval?: number;
  /** Start the game (gc ready, then the automatic referee continues) unless the GameController left initial;
   * articulated scenes stand 2 s first. */
  startGame?: boolean;
  /** Stop early when the GameController reaches finished. Default true. */
  stopWhenFinished?: boolean;
  /** Called after each batch of steps (about 25 ms of wall time), e.g. to let robot consoles receive. */
  afterSteps?: () => void;
  /** Checked after every step: true ends the run there (a test's target was reached, or it was stopped). */
  stopWhen?: () => boolean;
  /** Awaited after every step (lock-step with external robots: their programs' answers). */
  afterStep?: () => Promise<void>;
  /** Called after every step, at once (e.g. to record what the GameController sent in it). */
  onStep?: () => void;
}

/** One progress report. */
export interface HeadlessProgress {
  simSeconds: number;
  score: [number, number];
  stepsPerSecond: number;
  realTimeFactor: number;
}

/** Outcome of a run. */
export interface HeadlessResult {
  simSeconds: number;
  wallSeconds: number;
  steps: number;
  stepsPerSecond: number;
  realTimeFactor: number;
  score: [number, number];
}

/** How long articulated robots stand in `initial` before a headless run starts the game (ms). */
const SETTLE_MS = 2000;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `sim` headless; `report` gets progress lines' data. */
export async function runHeadless(
  sim: Simulation,
  options: HeadlessOptions,
  report: (p: HeadlessProgress) => void = () => {},
): Promise<HeadlessResult> {
  // Articulated robots begin on the scene's joint angles (straight legs) and need a moment in their stand pose
  // before they walk, as on a real field; capsules start at once.
  const settle = sim.kind === 'articulated' ? SETTLE_MS : 0;
  const starts = options.startGame !== false && sim.gc.getData().state === GameState.initial;
  let startAt = starts ? sim.time + settle : undefined;
  const stepMs = sim.scene.stepLength * 1000;
  const endTime = sim.time + options.duration * 1000;
  const wallStart = performance.now();
  const simStart = sim.time;
  let steps = 0;
  let lastReport = wallStart;
  let lastReportSteps = 0;
  let lastReportSim = sim.time;
  let stopped = false;
  while (sim.time < endTime) {
    const sliceEnd = performance.now() + 25;
    while (sim.time < endTime && performance.now() < sliceEnd) {
      if (options.speed !== 'max' && (sim.time - simStart) / options.speed > performance.now() - wallStart) break;
      if (startAt !== undefined && sim.time >= startAt) {
        sim.command('gc ready');
        startAt = undefined;
      }
      sim.step();
      steps++;
      options.onStep?.();
      if (options.afterStep) await options.afterStep();
      if (options.stopWhen?.()) {
        stopped = true;
        break;
      }
    }
    options.afterSteps?.();
    if (stopped) break;
    if (options.stopWhenFinished !== false && sim.gc.getData().state === GameState.finished) break;
    const now = performance.now();
    if (options.progressInterval && now - lastReport >= options.progressInterval * 1000) {
      const wall = (now - lastReport) / 1000;
      report({
        simSeconds: sim.time / 1000,
        score: sim.score,
        stepsPerSecond: (steps - lastReportSteps) / wall,
        realTimeFactor: (sim.time - lastReportSim) / 1000 / wall,
      });
      lastReport = now;
      lastReportSteps = steps;
      lastReportSim = sim.time;
    }
    if (options.speed === 'max') await turn();
    else
      await sleep(
        Math.max(0, Math.min(stepMs, (sim.time - simStart) / options.speed - (performance.now() - wallStart))),
      );
  }
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const simSeconds = (sim.time - simStart) / 1000;
  return {
    simSeconds,
    wallSeconds,
    steps,
    stepsPerSecond: steps / wallSeconds,
    realTimeFactor: simSeconds / wallSeconds,
    score: sim.score,
  };
}
