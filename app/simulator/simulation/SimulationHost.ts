/**
 * @file Owns the running simulation and swaps it when another scene is loaded. Loading happens completely
 * before anything changes: a malformed scene (SceneError: file:line and element path) or a bad configuration
 * is reported, and the simulation that was running keeps running, as SimRobot keeps the open scene when
 * opening another fails. Only a scene that loaded replaces it (taking over whether it was running).
 */
import { SceneError } from '../scene/SceneError';
import { Simulation, type SimulationOptions } from './Simulation';

/** The outcome of {@link SimulationHost.loadScene}. */
export type LoadResult =
  | { ok: true; simulation: Simulation }
  /** `error` is the message to show (for scene errors `file:line: element: detail`); `sceneError` has the parts. */
  | { ok: false; error: string; sceneError?: SceneError };

/** How the host builds simulations. */
export interface SimulationHostOptions extends SimulationOptions {
  /** Builds a simulation (default Simulation.load); tests and embedders may wrap it. */
  load?(sceneFile: string, options: SimulationOptions): Promise<Simulation>;
}

/** Keeps one simulation and replaces it scene by scene. */
export class SimulationHost {
  private sim: Simulation | undefined;
  private readonly listeners: ((simulation: Simulation) => void)[] = [];

  constructor(private readonly options: SimulationHostOptions = {}) {}

  /** The current simulation, if a scene was loaded. */
  get current(): Simulation | undefined {
    return this.sim;
  }

  /** Calls `listener` whenever a newly loaded simulation replaces the current one. */
  onChange(listener: (simulation: Simulation) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Loads `sceneFile`. On success the new simulation replaces (and disposes) the current one and runs if that
   * one was running (or `run` says so); on failure nothing changes and the error is returned.
   */
  async loadScene(sceneFile: string, options: SimulationOptions & { run?: boolean } = {}): Promise<LoadResult> {
    const { load = Simulation.load, ...defaults } = this.options;
    let next: Simulation;
    try {
      next = await load(sceneFile, { ...defaults, ...options });
    } catch (e) {
      if (e instanceof SceneError) return { ok: false, error: e.message, sceneError: e };
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    const previous = this.sim;
    const run = options.run ?? previous?.running ?? false;
    this.sim = next;
    if (previous) await previous.dispose();
    if (run) next.run();
    for (const listener of this.listeners) listener(next);
    return { ok: true, simulation: next };
  }

  /** Stops and releases the current simulation. */
  async dispose(): Promise<void> {
    const sim = this.sim;
    this.sim = undefined;
    await sim?.dispose();
  }
}
