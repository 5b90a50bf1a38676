/**
 * @file The simulator as a robot provider of the IDE's host session: it loads a scene in the background (so the
 * first page load is not held up), gives each simulated robot a console like a remote one's, runs the simulation
 * in real time on the host's event loop (the Simulation steps in short slices between timers), streams ground
 * truth and game state to the renderer at most 30 times a second, and answers run/pause, step and reset. Another
 * scene can be opened in place of the running one (File → Open scene): it replaces it only once it has loaded.
 */
import path from 'node:path';
import type { ConsoleFiles } from '../../console/files';
import type { CommandDescriptor } from '../../console/commands/types';
import { restoreViews, snapshotViews, type ViewSnapshot } from '../../console/viewCommands';
import type { SceneResponse, SimulationAction, SimulationFrame, SimulationStatus } from '@app/ipc/simulation';
import { Simulation, type SimulationOptions } from '@app/simulator/index';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import type { RequestHandlers } from '../../session/requestHandlers';
import { sceneAppearance } from './sceneAppearance';
import { describeScene } from './sceneDescription';
import { simulatedRobotConsoles } from '../../console/simulatedConsoles';
import { NOT_LOADED, simulationCommands, type CommandTarget } from '../../console/commands/simulationCommands';
import { simulationFrame } from './simulationFrame';
import { RealTimeMeter } from './RealTimeMeter';
import { ExternalRobots } from './externalRobots';

/** Ground-truth frames per second at most. */
const FRAME_HZ = 30;
/** Longest wait for external robots' programs before the simulation runs without them (ms). */
const PROGRAM_WAIT_MS = 60_000;
/** Session ticks between looks at whether the robots' views changed and must be saved (about a second). */
const VIEW_SAVE_TICKS = 100;

/** How the provider is set up. */
export interface SimulationProviderOptions {
  /** The scene file (.ros3). */
  readonly sceneFile: string;
  readonly files?: ConsoleFiles;
  /** config/ folder (robot configuration, `get … save`). */
  readonly configRoot?: string;
  readonly seed?: number;
  /** Start running once loaded (default true, as SimRobot starts a scene). */
  readonly run?: boolean;
  /** Run the scene's start script in the console once the robots exist (default true). */
  readonly startScript?: boolean;
  /**
   * Robots of the start scene whose programs run outside the IDE (a mixed game): served a NAO's boundary in real
   * time and listed as `external` with a console on their program's debug link (externalRobots.ts).
   */
  readonly external?: readonly string[];
  /** Second byte of the external robots' loopback addresses (127.<net>.<team>.<player>). */
  readonly externalNet?: number;
  /** Builds the simulation (tests inject a smaller one). */
  readonly load?: (sceneFile: string, options: SimulationOptions) => Promise<Simulation>;
}

/** Provides the simulated robots of one scene. */
export class SimulationProvider implements ConsoleProvider {
  /** The simulation area of the console (registered when the provider starts). */
  readonly commands: readonly CommandDescriptor[];
  /** The simulation's channels (and opening a scene, which only a simulating session can). */
  readonly handlers = {
    'pitchside:sim.scene': () => this.sceneResponse(),
    'pitchside:sim.control': ({ action }) => this.control(action),
    'pitchside:scene.open': ({ file }) => this.open(file),
    'pitchside:sim.appearance': () =>
      this.sim ? { appearance: sceneAppearance(this.sim), file: this.sim.scene.file } : {},
  } satisfies RequestHandlers;
  private host: ProviderHost | undefined;
  private sim: Simulation | undefined;
  private loadError: string | undefined;
  private loading: Promise<void> | undefined;
  private readonly meter = new RealTimeMeter();
  /** The external robots of the running simulation, if it has any. */
  private externals: ExternalRobots | undefined;
  private lastFrameAt = 0;
  private lastFrameKey = '';
  private disposed = false;
  /** The scene running (or loading). */
  private sceneFile: string;
  /** Ticks since the views were last looked at, the views last saved (as JSON) and the save in progress. */
  private viewTicks = 0;
  private savedViewsJson = '';
  private viewsSaving: Promise<void> = Promise.resolve();

  constructor(private readonly options: SimulationProviderOptions) {
    this.sceneFile = options.sceneFile;
    const target: CommandTarget = {
      run: (command, args, robot) => (this.sim ? this.sim.runCommand(command, args, robot) : NOT_LOADED),
      control: (action, steps) => void this.control(action, steps),
      describe: () =>
        this.sim ? `${(this.sim.time / 1000).toFixed(3)} s, score ${this.sim.score.join(':')}` : 'No simulation',
      simulation: () => this.sim,
    };
    this.commands = simulationCommands(target);
  }

  /** The running simulation (undefined while loading or after a failed load). */
  get simulation(): Simulation | undefined {
    return this.sim;
  }

  /** Resolves when the scene has loaded (or failed to). */
  whenLoaded(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  start(host: ProviderHost): void {
    this.host = host;
    host.controller.commands.register(this.commands);
    this.loading = this.load().catch((error: unknown) => {
      this.loadError = error instanceof Error ? error.message : String(error);
      host.print(`Error: cannot load scene ${this.sceneFile}: ${this.loadError}`);
    });
  }

  update(): void {
    const sim = this.sim;
    if (!sim || !this.host) return;
    // Paused robots still answer their consoles (`get`, polling), as a running one does within a frame.
    if (!sim.running) for (const robot of sim.robots) robot.serveIdle();
    if (++this.viewTicks >= VIEW_SAVE_TICKS) {
      this.viewTicks = 0;
      this.saveViews(sim);
    }
    const now = performance.now();
    if (now - this.lastFrameAt < 1000 / FRAME_HZ) return;
    this.lastFrameAt = now;
    this.publishFrame(sim);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.loading;
    const sim = this.sim;
    if (sim) this.saveViews(sim);
    await this.viewsSaving;
    this.sim = undefined;
    await this.externals?.close();
    await sim?.dispose();
  }

  /** Runs, pauses, steps (`steps` times) or resets; answers the resulting status. */
  control(action: SimulationAction, steps = 1): SimulationStatus {
    const sim = this.sim;
    if (!sim) throw new Error(this.loadError ? `No simulation: ${this.loadError}` : 'The simulation is still loading');
    switch (action) {
      case 'runPause':
        if (sim.running) this.pause(sim);
        else this.run(sim);
        break;
      case 'run':
        this.run(sim);
        break;
      case 'pause':
        this.pause(sim);
        break;
      case 'step':
        this.pause(sim);
        for (let i = 0; i < steps; i++) sim.step();
        break;
      case 'reset':
        this.reset(sim);
        break;
    }
    const current = this.sim!;
    this.publishFrame(current);
    return { running: current.running, time: current.time, steps: current.worldState.step };
  }

  private sceneResponse(): SceneResponse {
    if (this.sim) return { scene: describeScene(this.sim.scene), frame: this.frame(this.sim) };
    if (this.loadError) return { error: this.loadError };
    return { loading: true };
  }

  private loadScene(file: string): Promise<Simulation> {
    const load = this.options.load ?? ((f, options) => Simulation.load(f, options));
    return load(file, {
      seed: this.options.seed,
      external: path.resolve(file) === path.resolve(this.options.sceneFile) ? this.options.external : undefined,
      configRoot: this.options.configRoot,
      log: (line) => this.host?.print(line),
      // Without a start script the robots run threads.cfg's threads and providers, as B-Human's do; with one, its
      // `mr` lines apply from the first frame. The console runs the script too and summarizes what it lacks.
      startScript: this.options.startScript !== false,
      reportLacking: false,
    });
  }

  private async load(): Promise<void> {
    // The views saved with the scene's layout by an earlier session come back as after opening the scene again.
    const [sim, views] = await Promise.all([this.loadScene(this.sceneFile), this.loadSavedViews(this.sceneFile)]);
    if (this.disposed) {
      await sim.dispose();
      return;
    }
    this.savedViewsJson = JSON.stringify(Object.fromEntries(views));
    this.install(sim);
    await this.serveExternals(sim);
    this.startRobots(sim);
    this.restore(views);
  }

  /**
   * Serves the external robots of `sim` in place of those of the simulation before it (their programs reconnect).
   * Endpoints that cannot be bound (a port taken, a closed scene's sockets not yet gone) are reported and leave the
   * external robots limp; the simulation itself goes on, as after a program that never connects.
   */
  private async serveExternals(sim: Simulation): Promise<void> {
    const old = this.externals;
    this.externals = undefined;
    await old?.close();
    if (sim.externalRobots.length === 0 || !this.host) return;
    try {
      this.externals = await ExternalRobots.serve(sim, this.host, {
        files: this.options.files,
        configRoot: this.options.configRoot,
        net: this.options.externalNet,
      });
    } catch (error) {
      this.host.print(`Error: cannot serve the external robots: ${errorText(error)}`);
    }
  }

  /** The views an earlier session saved for the scene of `file`, by robot name (none when damaged: reported). */
  private async loadSavedViews(file: string): Promise<Map<string, ViewSnapshot>> {
    const scene = sceneName(file);
    try {
      return new Map(Object.entries((await this.host?.savedViews?.loadViews(scene)) ?? {}));
    } catch (error) {
      this.host?.print(`Error: the saved views of scene ${scene} are damaged: ${errorText(error)}`);
      return new Map();
    }
  }

  /**
   * Saves the views of the robots of `sim` with the scene's layout when they changed. Not while a console has lines
   * queued: a view restored a moment ago gets its drawings only once its robot has been polled.
   */
  private saveViews(sim: Simulation): void {
    const store = this.host?.savedViews;
    if (!store || sim !== this.sim) return;
    if (sim.robots.some((r) => this.host!.controller.robotConsole(r.name)?.busy)) return;
    const views = Object.fromEntries(this.snapshot(sim));
    const json = JSON.stringify(views);
    if (json === this.savedViewsJson) return;
    this.savedViewsJson = json;
    const scene = sceneName(this.sceneFile);
    this.viewsSaving = this.viewsSaving
      .then(() => store.saveViews(scene, views))
      .catch((error: unknown) =>
        this.host?.print(`Error: cannot save the views of scene ${scene}: ${errorText(error)}`),
      );
  }

  /** Runs the start script for the robots of `sim` (or ends their start phase) and starts the simulation. */
  private startRobots(sim: Simulation, robots?: readonly string[]): void {
    this.endStartPhase(sim, robots);
    if (this.options.run !== false) this.runWhenProgramsConnect(sim);
    this.publishFrame(sim);
  }

  /**
   * Runs `sim` once its external robots' programs are connected (at most PROGRAM_WAIT_MS later), as `npm run sim
   * --external` waits for them: a NAO's body without its program is limp and would fall before the program starts.
   */
  private runWhenProgramsConnect(sim: Simulation): void {
    const externals = this.externals;
    const missing = externals?.boundary.robots.filter((r) => !r.lola.connected).map((r) => r.name) ?? [];
    if (!externals || missing.length === 0) return this.run(sim);
    this.host?.print(
      `waiting up to ${PROGRAM_WAIT_MS / 1000} s for the programs of ${missing.join(', ')} to connect ` +
        '(running the simulation starts it without them)',
    );
    void externals.boundary.waitForPrograms(PROGRAM_WAIT_MS).then((still) => {
      if (this.disposed || this.sim !== sim || sim.running) return;
      if (still.length) this.host?.print(`starting without ${still.join(', ')} (limp until their programs connect)`);
      this.run(sim);
    });
  }

  /** Runs the start script for the robots of `sim` unless the provider runs none; then they take typed lines. */
  private endStartPhase(sim: Simulation, robots?: readonly string[]): void {
    const host = this.host!;
    if (this.options.startScript !== false && sim.startScript) host.controller.runStartScript(sim.startScript, robots);
    else host.controller.endStartScript(robots);
  }

  /**
   * Opens another scene: loads it first, and only then replaces the running one (its robots and consoles go, the
   * new scene's come with their start script). A file that does not load throws and changes nothing.
   */
  private async open(file: string): Promise<{ scene: string }> {
    await this.loading;
    const host = this.host!;
    // The running scene opened again keeps its robots' views (below); any other gets those saved with its layout.
    const same = path.resolve(file) === this.sceneFile && this.sim !== undefined;
    let sim: Simulation;
    let saved: Map<string, ViewSnapshot>;
    try {
      [sim, saved] = await Promise.all([
        this.loadScene(path.resolve(file)),
        same ? new Map<string, ViewSnapshot>() : this.loadSavedViews(file),
      ]);
    } catch (error) {
      throw new Error(`Cannot open scene ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.disposed) {
      await sim.dispose();
      throw new Error('The session is closing');
    }
    const old = this.sim;
    if (old) this.saveViews(old);
    // The same scene opened again: its robots get the views they had back (typed `vf`/`vfd`, `vp`/`vpd`, `vi`),
    // as after a reset, so the panels the page restores show data again instead of empty views. Another scene gets
    // the views an earlier session saved with its layout.
    const views = old && same ? this.snapshot(old) : saved;
    this.savedViewsJson = JSON.stringify(Object.fromEntries(views));
    if (old) {
      this.pause(old);
      for (const r of old.robots) host.removeRobot(r.name);
    }
    this.sceneFile = path.resolve(file);
    this.loadError = undefined;
    const scene = sceneName(file);
    host.sceneChanged?.(scene);
    this.install(sim);
    await this.serveExternals(sim);
    this.startRobots(
      sim,
      sim.robots.map((r) => r.name),
    );
    this.restore(views);
    host.print(`Opened scene ${this.sceneFile}`);
    await old?.dispose();
    return { scene };
  }

  /** Makes `sim` the current simulation and gives each of its robots a console. */
  private install(sim: Simulation): void {
    const host = this.host!;
    this.sim = sim;
    for (const console of simulatedRobotConsoles(sim, {
      files: this.options.files,
      configRoot: this.options.configRoot,
    })) {
      host.addRobot({ console, kind: 'simulated' });
    }
    // SimRobot selects every robot after loading a scene (the start script may narrow it down).
    host.controller.execute('robot all');
  }

  private run(sim: Simulation): void {
    this.meter.restart(sim.time);
    sim.run(() => {
      this.meter.sample(sim.time);
      // Hand the robots' replies to their consoles right after the frames that produced them, instead of waiting
      // for the session's next tick: a typed command's answer then appears one robot frame later.
      this.host?.controller.update();
    });
  }

  private pause(sim: Simulation): void {
    sim.pause();
    this.meter.restart(sim.time);
  }

  /**
   * A fresh simulation of the same scene; the consoles start over, as after SimRobot's reset, and then get the
   * views their robots had back (with drawings and layers), so every open panel shows the new run. Only the
   * simulated robots take part: the start script and the views are replayed for them alone, not for remote
   * robots or replayed logs in the same session.
   */
  private reset(old: Simulation): void {
    const host = this.host!;
    const wasRunning = old.running;
    const views = this.snapshot(old);
    const selection = [...host.controller.selection];
    const sim = old.reset();
    // The external programs lose LoLA with the old simulation, as with a NAO switched off, and connect again.
    void this.serveExternals(sim).then(() => old.dispose());
    this.install(sim);
    const simulated = sim.robots.map((r) => r.name);
    host.controller.execute(`robot ${simulated.join(' ')}`);
    this.endStartPhase(sim, simulated);
    this.restore(views);
    const kept = selection.filter((n) => host.controller.robotConsole(n) !== undefined);
    if (kept.length > 0) host.controller.execute(`robot ${kept.join(' ')}`);
    if (wasRunning) this.run(sim);
  }

  /** The views of every robot of `sim`, by robot name. */
  private snapshot(sim: Simulation): Map<string, ViewSnapshot> {
    const views = new Map<string, ViewSnapshot>();
    for (const r of sim.robots) {
      const console = this.host!.controller.robotConsole(r.name);
      if (console) views.set(r.name, snapshotViews(console));
    }
    return views;
  }

  /** Gives the robots of those names their views back (after their start script's lines). */
  private restore(views: ReadonlyMap<string, ViewSnapshot>): void {
    for (const [name, snapshot] of views) {
      const console = this.host!.controller.robotConsole(name);
      if (console) restoreViews(console, snapshot);
    }
  }

  private frame(sim: Simulation): SimulationFrame {
    return simulationFrame(sim, { running: sim.running, realTimeFactor: sim.running ? this.meter.factor : 0 });
  }

  private publishFrame(sim: Simulation): void {
    const frame = this.frame(sim);
    if (!sim.running) {
      // A paused, untouched world is not sent again (each frame is a few kilobytes per open tab).
      const key = JSON.stringify(frame);
      if (key === this.lastFrameKey) return;
      this.lastFrameKey = key;
    } else this.lastFrameKey = '';
    this.host!.broadcast('pitchside:sim.state', frame);
  }
}

/** The scene's name, which keys its saved layout and views. */
function sceneName(file: string): string {
  return path.basename(file, path.extname(file));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
