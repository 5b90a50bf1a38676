/**
 * @file The simulation's part of the status bar, as SimRobot's status bar shows steps and steps per second: the game
 * state, the simulated time and the real-time factor (or "paused"), whichever view is in front. While the game waits
 * in its initial state it says how to start it, which a new user cannot guess.
 */
import type { ReactNode } from 'react';
import type { SimulationFrame } from '@app/ipc/simulation';
import { useSceneDescription, useSimulationFrame } from '../data/scene';

/** The status text of a frame: game state, simulated time and the real-time factor. */
export function simulationStatusText(frame: SimulationFrame): string {
  const pace = frame.running ? `${frame.realTimeFactor.toFixed(2)}× real time` : 'paused';
  return `${frame.game.state} · ${(frame.time / 1000).toFixed(1)} s · ${pace}`;
}

/** What to do next, when the game has not started yet. */
export function startHint(frame: SimulationFrame): string | undefined {
  if (frame.game.state !== 'initial') return undefined;
  const run = frame.running ? '' : 'F5 runs the simulation; ';
  return `${run}start the game with gc ready, then gc playing (or the GameController view)`;
}

/**
 * The simulation's status, from the frame the scene description came with (a paused simulation streams no
 * frames, e.g. after a reload) and then from the streamed frames.
 */
export function SimulationStatus(): ReactNode {
  const frame = useSimulationFrame(useSceneDescription().frame);
  if (!frame) return null;
  const hint = startHint(frame);
  return (
    <>
      <span data-testid="status-simulation" title="Game state, simulated time and how fast it runs">
        {simulationStatusText(frame)}
      </span>
      {hint && (
        <span className="status-hint" data-testid="status-hint">
          {hint}
        </span>
      )}
    </>
  );
}
