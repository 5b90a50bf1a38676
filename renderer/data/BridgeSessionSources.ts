/**
 * @file The session-level parts of the data source over the bridge: the console, the simulated scene and the
 * team monitor. Each is a thin typed face of its channels, so views never name a channel themselves.
 */
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { CompletionSet, ConsoleOutput } from '../../app/ipc/messages';
import type * as sim from '../../app/ipc/simulation';
import type { TeamListenRequest, TeamMonitorFrame } from '../../app/ipc/teamMonitor';
import type { TestRunsState } from '../../app/ipc/testRuns';
import type { ConsoleSource, SceneSource, TeamMonitorSource, TestRunSource, Unsubscribe } from './DataSource';

/** The session's console over the bridge. */
export class BridgeConsole implements ConsoleSource {
  constructor(private readonly bridge: PitchsideBridge) {}

  async run(line: string): Promise<void> {
    await this.bridge.invoke('pitchside:console.run', { line });
  }

  async runScript(name: string, text: string): Promise<void> {
    await this.bridge.invoke('pitchside:console.runScript', { name, text });
  }

  completions(): Promise<CompletionSet> {
    return this.bridge.invoke('pitchside:console.completions', {});
  }

  async transcript(): Promise<readonly ConsoleOutput[]> {
    return (await this.bridge.invoke('pitchside:session.info', {})).console ?? [];
  }

  onOutput(listener: (output: ConsoleOutput) => void): Unsubscribe {
    return this.bridge.on('pitchside:console.output', listener);
  }

  onClear(listener: () => void): Unsubscribe {
    return this.bridge.on('pitchside:console.clear', () => listener());
  }
}

/** The simulated scene over the bridge. */
export class BridgeScene implements SceneSource {
  constructor(private readonly bridge: PitchsideBridge) {}

  describe(): Promise<sim.SceneResponse> {
    return this.bridge.invoke('pitchside:sim.scene', {});
  }

  appearance(): Promise<sim.SceneAppearanceResponse> {
    return this.bridge.invoke('pitchside:sim.appearance', {});
  }

  onFrame(listener: (frame: sim.SimulationFrame) => void): Unsubscribe {
    return this.bridge.on('pitchside:sim.state', listener);
  }

  onDrawings3D(listener: (event: sim.Drawings3DEvent) => void): Unsubscribe {
    return this.bridge.on('pitchside:scene.drawings3d', listener);
  }

  control(action: sim.SimulationAction): Promise<sim.SimulationStatus> {
    return this.bridge.invoke('pitchside:sim.control', { action });
  }
}

/** The team monitor over the bridge. */
export class BridgeTeamMonitor implements TeamMonitorSource {
  constructor(private readonly bridge: PitchsideBridge) {}

  state(): Promise<TeamMonitorFrame> {
    return this.bridge.invoke('pitchside:teamMonitor.state', {});
  }

  onFrame(listener: (frame: TeamMonitorFrame) => void): Unsubscribe {
    return this.bridge.on('pitchside:teamMonitor.frame', listener);
  }

  listen(request: TeamListenRequest): Promise<TeamMonitorFrame> {
    return this.bridge.invoke('pitchside:teamMonitor.listen', request);
  }
}

/** The test runs over the bridge. */
export class BridgeTestRuns implements TestRunSource {
  constructor(private readonly bridge: PitchsideBridge) {}

  state(): Promise<TestRunsState> {
    return this.bridge.invoke('pitchside:testRuns.state', {});
  }

  onChange(listener: (state: TestRunsState) => void): Unsubscribe {
    return this.bridge.on('pitchside:testRuns.changed', listener);
  }
}
