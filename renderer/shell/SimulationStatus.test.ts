import { describe, expect, it } from 'vitest';
import type { SimulationFrame } from '@app/ipc/simulation';
import { simulationStatusText, startHint } from './SimulationStatus';

/** A frame as the host streams it, with the fields the status bar reads. */
function frame(state: string, running: boolean, realTimeFactor: number): SimulationFrame {
  return {
    running,
    time: 12_345,
    steps: 1029,
    realTimeFactor,
    robots: [],
    game: { state, setPlay: 'none', firstHalf: true, secsRemaining: 600, secondaryTime: 0, teams: [] as never },
  } as unknown as SimulationFrame;
}

describe('the status bar of a simulation', () => {
  it('shows the game state, the simulated time and the real-time factor, or that it is paused', () => {
    expect(simulationStatusText(frame('playing', true, 0.973))).toBe('playing · 12.3 s · 0.97× real time');
    expect(simulationStatusText(frame('ready', false, 0))).toBe('ready · 12.3 s · paused');
  });

  it('says how to start the game while it waits in initial', () => {
    expect(startHint(frame('initial', true, 1))).toBe(
      'start the game with gc ready, then gc playing (or the GameController view)',
    );
    expect(startHint(frame('initial', false, 0))).toMatch(/^F5 runs the simulation; start the game with gc ready/);
    expect(startHint(frame('playing', true, 1))).toBeUndefined();
  });
});
