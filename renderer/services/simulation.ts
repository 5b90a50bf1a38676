/**
 * @file The simulation as the renderer sees it: hooks for the scene description and the streamed ground truth,
 * and the shell's run/pause, step and reset commands (F5, F8, Shift+F5), which exist only while the session
 * simulates a scene, so the status bar can still say "no simulator" otherwise.
 */
import { useEffect, useState } from 'react';
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { SceneDescription, SimulationAction, SimulationFrame } from '../../app/ipc/simulation';
import { Commands, type CommandBus } from './CommandBus';
import { errorText, isNotInSession } from './hostErrors';
import { useServices } from './ServicesContext';
import { useBridgeEvent } from './useBridgeEvent';

/** What the host says about its scene. */
export interface SceneState {
  readonly scene?: SceneDescription;
  /** The frame current when the scene was fetched (the stream only sends changes). */
  readonly frame?: SimulationFrame;
  /** Why there is no scene (none in this session, failed to load), once known. */
  readonly error?: string;
  readonly loading: boolean;
}

/** Asks the host for its scene; asks again once the first frame shows the simulation has loaded. */
export function useSceneDescription(): SceneState {
  const { bridge } = useServices();
  const [state, setState] = useState<SceneState>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    bridge.invoke('pitchside:sim.scene', {}).then(
      (r) => live && setState({ scene: r.scene, frame: r.frame, error: r.error, loading: r.loading === true }),
      // A host without a simulation is not an error but "no scene": the views say how to start one.
      (e: unknown) => live && setState({ loading: false, error: isNotInSession(e) ? undefined : errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [bridge, attempt]);
  useBridgeEvent('pitchside:sim.state', () => {
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
  useBridgeEvent('pitchside:sim.state', setFrame);
  return frame ?? initial;
}

/** The status bar's text for a simulation status. */
export function statusText(status: { running: boolean; time: number; steps: number }): string {
  return `${status.running ? 'Running' : 'Paused'} at ${(status.time / 1000).toFixed(2)} s (step ${status.steps})`;
}

/** Runs a simulation action; failures go to `report`. */
export async function simulationControl(bridge: PitchsideBridge, action: SimulationAction, report: (message: string) => void): Promise<void> {
  try {
    const status = await bridge.invoke('pitchside:sim.control', { action });
    report(statusText(status));
  } catch (error) {
    report(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Registers F5/F8/Shift+F5 on the bus when the host simulates a scene; returns the function that removes them.
 * `report` shows a short status text.
 */
export function registerSimulationCommands(bridge: PitchsideBridge, commands: CommandBus, report: (message: string) => void): () => void {
  let disposers: (() => void)[] = [];
  let live = true;
  // Once a control showed the simulation's status, the status follows the simulation (a text written once would
  // read "Running at 307 s" minutes later, or "Paused at 0 s" after the simulation started running again).
  let following = false;
  let lastShown = 0;
  const control = (action: SimulationAction) => simulationControl(bridge, action, (message) => {
    following = /^(Running|Paused) at /.test(message);
    report(message);
  });
  void bridge.invoke('pitchside:sim.scene', {}).then(
    (r) => {
      if (!live || (!r.scene && !r.loading)) return;
      disposers = [
        commands.register(Commands.runPause, () => control('runPause')),
        commands.register(Commands.step, () => control('step')),
        commands.register(Commands.reset, () => control('reset')),
        bridge.on('pitchside:sim.state', (frame) => {
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
