/**
 * @file The simulated scene as the views see it, through the data source: the scene description (asked again
 * once the first frame shows a loading simulation has loaded), the streamed ground truth, the 3-D drawings, and
 * run/pause, step and reset with a short status text (also the shell's F5, F8 and Shift+F5).
 */
import { useEffect, useRef, useState } from 'react';
import type { Drawings3DEvent, SceneDescription, SimulationAction, SimulationFrame } from '../../app/ipc/simulation';
import { Commands, type CommandBus } from '../services/CommandBus';
import { errorText, isNotInSession } from '../services/hostErrors';
import type { SceneSource } from './DataSource';
import { useDataSource } from './DataSourceContext';

/** What the host says about its scene. */
export interface SceneState {
  readonly scene?: SceneDescription;
  /** The frame current when the scene was fetched (the stream only sends changes). */
  readonly frame?: SimulationFrame;
  /** Why there is no scene (none in this session, failed to load), once known. */
  readonly error?: string;
  readonly loading: boolean;
}

/** Calls `listener` for every simulation frame while mounted (the latest listener, without resubscribing). */
export function useSimulationFrames(listener: (frame: SimulationFrame) => void): void {
  const { scene } = useDataSource();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => scene.onFrame((frame) => latest.current(frame)), [scene]);
}

/** Calls `listener` with the 3-D drawings whenever they change, while mounted. */
export function useDrawings3D(listener: (event: Drawings3DEvent) => void): void {
  const { scene } = useDataSource();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => scene.onDrawings3D((event) => latest.current(event)), [scene]);
}

/** Asks the host for its scene; asks again once the first frame shows the simulation has loaded. */
export function useSceneDescription(): SceneState {
  const { scene } = useDataSource();
  const [state, setState] = useState<SceneState>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    scene.describe().then(
      (r) => live && setState({ scene: r.scene, frame: r.frame, error: r.error, loading: r.loading === true }),
      // A host without a simulation is not an error but "no scene": the views say how to start one.
      (e: unknown) => live && setState({ loading: false, error: isNotInSession(e) ? undefined : errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [scene, attempt]);
  useSimulationFrames(() => {
    if (state.loading || (!state.scene && state.error === undefined)) setAttempt((a) => a + 1);
  });
  return state;
}

/**
 * The latest ground-truth frame (re-renders at the stream's rate, at most 30 Hz), starting from the frame that
 * came with the scene description.
 */
export function useSimulationFrame(initial: SimulationFrame | undefined): SimulationFrame | undefined {
  const [frame, setFrame] = useState<SimulationFrame | undefined>(undefined);
  useSimulationFrames(setFrame);
  return frame ?? initial;
}

/** The status bar's text for a simulation status. */
export function statusText(status: { running: boolean; time: number; steps: number }): string {
  return `${status.running ? 'Running' : 'Paused'} at ${(status.time / 1000).toFixed(2)} s (step ${status.steps})`;
}

/** Runs a simulation action; the status or the failure goes to `report`. */
export async function controlSimulation(
  scene: SceneSource,
  action: SimulationAction,
  report: (message: string) => void,
): Promise<void> {
  try {
    const status = await scene.control(action);
    report(statusText(status));
  } catch (error) {
    report(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Registers the shell's F5/F8/Shift+F5 on the bus when the host simulates a scene; returns the function that
 * removes them. `report` shows a short status text.
 */
export function registerSimulationCommands(
  scene: SceneSource,
  commands: CommandBus,
  report: (message: string) => void,
): () => void {
  let disposers: (() => void)[] = [];
  let live = true;
  // Once a control showed the simulation's status, the status follows the simulation (a text written once would
  // read "Running at 307 s" minutes later, or "Paused at 0 s" after the simulation started running again).
  let following = false;
  let lastShown = 0;
  const control = (action: SimulationAction): Promise<void> =>
    controlSimulation(scene, action, (message) => {
      following = /^(Running|Paused) at /.test(message);
      report(message);
    });
  void scene.describe().then(
    (r) => {
      if (!live || (!r.scene && !r.loading)) return;
      disposers = [
        commands.register(Commands.runPause, () => control('runPause')),
        commands.register(Commands.step, () => control('step')),
        commands.register(Commands.reset, () => control('reset')),
        scene.onFrame((frame) => {
          const now = performance.now();
          if (!following || now - lastShown < 250) return;
          lastShown = now;
          report(statusText(frame));
        }),
      ];
    },
    () => undefined,
  );
  return () => {
    live = false;
    disposers.forEach((d) => d());
  };
}
