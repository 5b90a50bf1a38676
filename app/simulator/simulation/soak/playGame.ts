/**
 * @file A whole game without UI, as a referee runs it: the first half from `gc ready`, then half time
 * (`gc initial`, `gc halfSecond`, `gc ready`) and the second half, each until the GameController finishes it or a
 * half's worth of simulated time is used up. The invariants are checked once per simulated second.
 */
import { GameState } from '../../gameController/GameControllerData';
import type { Simulation } from '../Simulation';
import { GameInvariants, type Violation } from './GameInvariants';

/** How to play. */
export interface PlayGameOptions {
  /** Simulated ms after which a half is abandoned even if it did not finish (bounds the run's time). */
  maxHalfMs: number;
  /** Called once per simulated second after the invariants were checked (progress output). */
  onSecond?(sim: Simulation, invariants: GameInvariants): void;
  /** Called after every simulation step (tracing). */
  onStep?(sim: Simulation): void;
  /** Gives the event loop a turn now and then (ms of wall time between turns; 0 = never). */
  yieldEveryMs?: number;
}

/** What a game showed. */
export interface GameOutcome {
  score: [number, number];
  /** Simulated seconds per half. */
  halves: number[];
  violations: Violation[];
  /** Largest belief error (mm) per half. */
  worstBelief: [number, number];
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Plays both halves of `sim`'s game, checking the invariants every simulated second. */
export async function playGame(sim: Simulation, options: PlayGameOptions): Promise<GameOutcome> {
  const invariants = new GameInvariants();
  const halves: number[] = [];
  let lastYield = performance.now();
  for (const half of ['halfFirst', 'halfSecond'] as const) {
    if (half === 'halfSecond') {
      for (const command of ['gc initial', 'gc halfSecond']) {
        const result = sim.command(command);
        if (result.kind === 'error') throw new Error(`${command}: ${result.message}`);
      }
    }
    const result = sim.command('gc ready');
    if (result.kind === 'error') throw new Error(`gc ready: ${result.message}`);
    const start = sim.time;
    let nextCheck = Math.ceil((sim.time + 1) / 1000) * 1000;
    while (sim.gc.getData().state !== GameState.finished && sim.time - start < options.maxHalfMs) {
      sim.step();
      options.onStep?.(sim);
      if (sim.time < nextCheck) continue;
      nextCheck += 1000;
      invariants.check(sim);
      options.onSecond?.(sim, invariants);
      if (options.yieldEveryMs && performance.now() - lastYield > options.yieldEveryMs) {
        await turn();
        lastYield = performance.now();
      }
    }
    halves.push((sim.time - start) / 1000);
  }
  return { score: sim.score, halves, violations: invariants.violations, worstBelief: invariants.worstBelief };
}
