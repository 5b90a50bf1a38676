/**
 * @file A running simulation: the scene's physics, the GameController and referee, the team network and one robot
 * program per controlled robot, all stepped by simulated time on one thread. A step is one physics step
 * (the scene's step length, 12 ms): first every robot frame due in it runs with the world as it is (sensors,
 * ground truth, GameController data and team messages are injected; team messages and, in an articulated
 * scene, the JointRequest for the motors, in a capsule scene walk and kick commands, are taken from the
 * blackboards), then the world moves. Same scene, configuration and seed: the same game.
 */
import { ManualClock } from '@robot-runtime/core/Clock';
import { SettingsType } from '@robot-runtime/core/config/Settings';
import { robotTypeInfoBytes } from '@robot-runtime/core/debug/robotTypeInfo';
import { applyModuleRequest } from '@robot-runtime/core/module/moduleRequest';
import { parseModuleRequestCommand } from '@robot-runtime/core/module/moduleRequestCommand';
import { DeterministicExecutor } from '@robot-runtime/core/threads/DeterministicExecutor';
import {
  readMotionOutput,
  readTeamMessage,
  type RobotSenses,
} from '@robot-runtime/hosts/sim/simulatedRobot/SimulatedBody';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MemoryConnection } from '@robot-runtime/protocol/link/RobotConnection';
import type { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { allModules } from '@robot-runtime/threads/allModules';
import type { Pose2 } from '@robot-runtime/math/types';
import { GameController } from '../gameController/GameController';
import { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { initMujoco } from '../physics/mujoco/mujoco';
import { initPhysics } from '../physics/rapier';
import { PhysicsWorld } from '../physics/PhysicsWorld';
import { simulationKindOf, type SimulatedWorld, type SimulationKind } from '../physics/SimulatedWorld';
import type { WorldState } from '../physics/WorldState';
import { loadScene } from '../scene/loadScene';
import { sceneWarningSummary } from '../scene/SceneError';
import type { RobotDefinition, SceneModel } from '../scene/SceneModel';
import { CameraImages, headAnglesOf, type ImageConsumer } from './CameraImages';
import { articulatedBodies } from '../camera/articulatedBodies';
import { CommandArgs, type ConsoleLine } from '@app/ipc/consoleLine';
import { runCommand, simulationCommand, type Pacing, type SimulationCommand } from './commands';
import { resultText, type SimulationCommandResult } from './commandResult';
import { gameControllerProtocolOf, toRobotGameControllerData } from './gameControllerData';
import { DEFAULT_CONFIG_ROOT, loadRobotConfig, type LoadedRobotConfig } from './robotConfig';
import { KickStatistics } from './kickStatistics';
import { RefereeWhistle } from './refereeWhistle';
import { SimulatedReferee } from './referee';
import { TcpRobotLink } from './RobotLink';
import { SimulatedRobot } from './SimulatedRobot';
import type { ErrorHistogram } from './errorHistogram';
import { LackingSummary, readStartScript, startScriptOf } from './startScript';
import { fromTeamFrame, groundTruthFor, toTeamFrame, type GroundTruthValue } from './teamFrame';
import { TeamNetwork, type NetworkOptions } from './TeamNetwork';

/** How to build a simulation. */
export interface SimulationOptions {
  /** Seed of every random source (sensor noise, network). Default 1. */
  seed?: number;
  /** The config/ folder (default: the repository's). */
  configRoot?: string;
  /** Network behaviour (overrides the defaults and the start script). */
  network?: Partial<NetworkOptions>;
  /** Apply the scene's start script (`<scene>.con`); default true. */
  startScript?: boolean;
  /** Where problems are reported (configuration warnings, refused script lines). */
  log?(line: string): void;
  /**
   * Report the start script's module requests that name what Pitchside lacks (default true). A host whose robot
   * consoles run the script again, and summarize what it names, turns it off so each name is told once.
   */
  reportLacking?: boolean;
  /** Playing time of a half (ms); default the rules' 10 minutes (short games for tests). */
  halfDuration?: number;
  /**
   * Robots whose programs run outside the simulator (external robots): no program runs for them here; their
   * bodies are driven through a {@link SimulationBoundary} (app/simulator/external serves a NAO's boundary).
   */
  external?: readonly string[];
}

/** Index of the first external robot on the team network (in-process robots count from 0). */
export const EXTERNAL_NETWORK_INDEX = 1000;

/** What drives the external robots' bodies; Simulation.step calls it. */
export interface SimulationBoundary {
  /** Before the physics step: hands each external robot's current request to its motors. */
  beforePhysics(): void;
  /** After a whole step that ended at simulated time `end` (ms): sensors, images, GameController packets. */
  afterStep(end: number): void;
  /** Delivers a team packet to the external robot with network index `to`, sent at `at` (ms). */
  deliverTeam(to: number, bytes: Uint8Array, at: number): void;
}

/** One robot's summary of a run. */
export interface RobotSummary {
  name: string;
  team: 0 | 1;
  playerNumber: number;
  /** mm */
  distanceWalked: number;
  /** Kicks the robot's motion started (either kind), and those that moved the ball at least 200 mm. */
  kicks: number;
  kickHits: number;
  /** Mean distance (mm) the ball went after those; undefined without any. */
  meanKickDistance: number | undefined;
  /** Falls measured on the ground truth (the torso tilted beyond 50°). */
  falls: number;
  /** Of those, the falls within about a second after a contact with another robot. */
  fallsAfterContact: number;
  /** Times the robot stood up again by itself after a fall. */
  getUps: number;
  /** Simulated seconds during which the robot's ball model had the ball just seen. */
  ballSeenSeconds: number;
  /** Mean distance (mm) between the robot's own pose estimate and the truth; undefined without samples. */
  meanLocalizationError: number | undefined;
  /** The localization errors (mm) of every Cognition frame, counted by size (medians of one or several robots). */
  localizationErrors: ErrorHistogram;
  messagesSent: number;
}

export type { Pacing } from './commands';

/** A loaded, steppable simulation. Create with {@link Simulation.load}. */
export class Simulation {
  readonly clock = new ManualClock(0, () => performance.now() * 1000);
  /** Which simulation the scene asked for. */
  readonly kind: SimulationKind;
  readonly physics: SimulatedWorld;
  /** The capsule world (kind `capsules`) or the articulated one (kind `articulated`). */
  readonly capsules: PhysicsWorld | undefined;
  readonly articulated: ArticulatedWorld | undefined;
  readonly gc: GameController;
  readonly network: TeamNetwork;
  readonly robots: SimulatedRobot[] = [];
  readonly cameraImages: CameraImages;
  /** Every kick's outcome, the goals and the ball's time in the penalty areas, on the ground truth. */
  readonly kickStatistics: KickStatistics;
  /** The referee's whistle and what the robots' microphones hear. */
  readonly whistle: RefereeWhistle;
  /** Steps per second while running (`dt`). */
  pacing: Pacing = { kind: 'on' };
  /** `st`: Pitchside always advances time by the step length (determinism); kept for the command. */
  simulatedTime = true;
  private readonly executor: DeterministicExecutor;
  private readonly referee: SimulatedReferee;
  private readonly byName = new Map<string, SimulatedRobot>();
  private readonly links = new Map<string, { connections: MemoryConnection[]; tcp: TcpRobotLink[] }>();
  private state: WorldState;
  private readonly groundTruthCache = new Map<string, GroundTruthValue>();
  /** Each robot's ground-truth value, rewritten when a step asks for it again (see groundTruthFor). */
  private readonly groundTruthValues = new Map<string, GroundTruthValue>();
  private readonly senses = new Map<string, RobotSenses>();
  /** Send time of each robot's last broadcast team message, by robot index. */
  private readonly lastTeamMessageAt = new Map<number, number>();
  private gcDataCache: unknown;
  private lastTouchedBy: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly log: (line: string) => void;
  /** Drives the external robots (set by whoever serves their boundary). */
  boundary: SimulationBoundary | undefined;
  /** The scene's external robots, in scene order; robot k is EXTERNAL_NETWORK_INDEX + k on the team network. */
  readonly externalRobots: readonly RobotDefinition[];

  private constructor(
    readonly scene: SceneModel,
    readonly seed: number,
    private readonly config: LoadedRobotConfig,
    private readonly options: SimulationOptions,
  ) {
    this.log = options.log ?? (() => {});
    this.kind = simulationKindOf(scene);
    if (this.kind === 'articulated') {
      this.physics = this.articulated = ArticulatedWorld.createLoaded(scene, { seed });
      for (const warning of this.articulated.description.warnings) this.log(`${scene.file}: ${warning}`);
    } else this.physics = this.capsules = new PhysicsWorld(scene);
    this.gc = new GameController({
      teams: scene.teams,
      field: scene.field,
      ballRadius: scene.ball?.radius,
      halfDuration: options.halfDuration,
      protocol: gameControllerProtocolOf(scene),
    });
    this.referee = new SimulatedReferee(this.gc, this.physics, scene.field);
    this.kickStatistics = new KickStatistics(scene.field);
    this.whistle = new RefereeWhistle(seed, scene.field.width, this.gc);
    this.state = this.physics.getState();
    this.cameraImages = new CameraImages(
      scene,
      () => this.state,
      () => this.articulated && articulatedBodies(this.articulated),
    );
    this.executor = new DeterministicExecutor(this.clock, {
      beforeFrame: (robot, thread, time) => {
        const r = this.robots[robot]!;
        return r.body.frame(thread, time, r.program.thread(thread)!.blackboard);
      },
      afterFrame: (robot, thread, messages, time) => this.afterFrame(this.robots[robot]!, thread, messages, time),
    });
    const typeInfo = robotTypeInfoBytes(allModules, [SettingsType]);
    const scriptLines = options.startScript === false ? [] : this.startScriptLines();
    const lacking = new LackingSummary();
    const external = new Set(options.external ?? []);
    for (const name of external)
      if (!scene.robots.some((r) => r.name === name)) throw new Error(`no robot '${name}' in the scene to serve`);
    this.externalRobots = scene.robots.filter((r) => external.has(r.name));
    for (const def of scene.robots) {
      if (external.has(def.name)) continue;
      const index = this.robots.length;
      const team = scene.teams[def.team];
      const mirrored = (): boolean => def.team !== this.gc.defendsNegativeX;
      // Made once per robot, not per camera frame (the closures would be garbage ten thousand times a second).
      const imageConsumer: ImageConsumer = {
        def,
        isRequested: (th, req) => robotObject.isRequested(th, req),
        readsCameraImages: (th) => robotObject.readsCameraImages(th),
        headAngles: () => headAnglesOf(robotObject.body.jointAngles),
        jointAngles: () => robotObject.body.jointAngles,
        cameraPose: this.articulated && ((camera) => this.articulated!.cameraPose(def.name, camera)),
      };
      const senses: RobotSenses = {
        groundTruth: () => this.groundTruth(def.name, def.team, mirrored()),
        gameControllerData: () =>
          (this.gcDataCache ??= toRobotGameControllerData(this.gc.getDataForRobot(), this.gc.protocol)),
        fallen: false,
        fellForward: false,
        turnRate: 0,
        cameraImage: (thread, time) => this.cameraImages.imageFor(imageConsumer, thread, time),
        audio: (time) => this.whistle.hear(def.name, index, this.state, time),
        whistle: () => this.whistle.directWhistle(),
        measurements: this.articulated && (() => this.articulated!.measure(def.name)),
      };
      this.senses.set(def.name, senses);
      // Each robot knows where it starts (B-Human robots enter from known positions): its self-locator starts there.
      const startPose = toTeamFrame(def.pose2, mirrored());
      const parameters = (m: (typeof allModules)[number]): unknown => {
        const value = config.parameters(m);
        if (m.name === 'SelfLocator') (value as { startPose: Pose2 }).startPose = startPose;
        return value;
      };
      let configuration = config.configuration;
      for (const line of scriptLines) {
        if (!line.robots.includes(def.name) || !line.request) continue;
        const parsed = parseModuleRequestCommand(line.request);
        if ('error' in parsed || parsed.kind !== 'change') continue;
        const result = applyModuleRequest(configuration, allModules, parsed.request);
        if (result.ok) configuration = result.configuration;
        else if (index === 0) lacking.refused(line, result.reason);
      }
      const robotObject: SimulatedRobot = new SimulatedRobot({
        def,
        index,
        identity: { teamNumber: team.number, playerNumber: def.playerNumber, magicNumber: team.number & 0xff },
        senses,
        clock: this.clock,
        seed: this.seed,
        configuration,
        parameters,
        teamMessageCodecs: config.teamMessageCodecs,
        neuralNetworks: config.neuralNetworks,
        typeInfo,
        reconfigure: (c) => this.executor.reconfigureRobot(index, c),
        send: (messages) => this.sendToConsoles(def.name, messages),
      });
      this.robots.push(robotObject);
      this.byName.set(def.name, robotObject);
      // The threads and their schedules come from the robot's configuration (threads.cfg): each execution unit
      // has its rate (camera threads 30 Hz half a period apart, Motion every 12 ms, Cognition after each image).
      this.executor.addRobot(robotObject.program, { startMs: 0 });
    }
    this.network = new TeamNetwork(
      [
        ...this.robots.map((r) => ({ index: r.index, team: r.def.team })),
        ...this.externalRobots.map((def, k) => ({ index: EXTERNAL_NETWORK_INDEX + k, team: def.team })),
      ],
      seed,
      options.network,
    );
    for (const line of scriptLines) {
      if (line.request) continue;
      const result = this.command(line.line);
      if (result.kind !== 'done') this.log(`${line.file}:${line.lineNumber}: ${resultText(result)}`);
    }
    if (options.reportLacking ?? true) for (const line of lacking.report()) this.log(line);
    if (options.network) this.network.options = { ...this.network.options, ...options.network };
    this.refreshSenses();
  }

  /**
   * Loads a scene and builds its simulation. Throws SceneError (file:line and element) for a bad scene and an
   * Error listing configuration errors; a caller keeps its previous simulation in that case.
   */
  static async load(sceneFile: string, options: SimulationOptions = {}): Promise<Simulation> {
    return Simulation.fromScene(loadScene(sceneFile), options);
  }

  /**
   * Builds the simulation of an already loaded scene model, e.g. one whose robot list was narrowed (the
   * benchmark runs 1, 2, 7 and 14 robots of one scene). The start script is still the scene file's.
   */
  static async fromScene(scene: SceneModel, options: SimulationOptions = {}): Promise<Simulation> {
    await (simulationKindOf(scene) === 'articulated' ? initMujoco() : initPhysics());
    // Once per load (a reset builds from the loaded model again and stays quiet): what the scene says but is ignored.
    for (const line of sceneWarningSummary(scene.file, scene.warnings)) options.log?.(line);
    const config = loadRobotConfig(options.configRoot);
    for (const p of config.problems) options.log?.(p);
    return new Simulation(scene, options.seed ?? 1, config, options);
  }

  /** Builds a fresh simulation of the same scene, configuration and seed (the console's reset). */
  reset(): Simulation {
    this.pause();
    return new Simulation(this.scene, this.seed, this.config, this.options);
  }

  /** The scene's start script, if it has one (the console runs its view commands). */
  get startScript(): string | undefined {
    return startScriptOf(this.scene.file);
  }

  private startScriptLines() {
    const file = this.startScript;
    if (!file) return [];
    const { lines, errors } = readStartScript(
      file,
      this.scene.robots.map((r) => r.name),
    );
    for (const e of errors) this.log(e);
    return lines;
  }

  /** The config/ folder the robots were configured from. */
  get configRoot(): string {
    return this.options.configRoot ?? DEFAULT_CONFIG_ROOT;
  }

  /** Simulated time (ms). */
  get time(): number {
    return this.physics.time;
  }

  /** Ground truth after the last step. */
  get worldState(): WorldState {
    return this.state;
  }

  /** Goals of the first and second team. */
  get score(): [number, number] {
    const d = this.gc.getData();
    return [d.teams[0].score, d.teams[1].score];
  }

  /** The controlled robot called `name`. */
  robot(name: string): SimulatedRobot | undefined {
    return this.byName.get(name);
  }

  /** Runs one step: the robots' frames due in it, then physics, GameController, referee and network. */
  step(): void {
    const t = this.physics.time;
    const end = t + Math.round(this.scene.stepLength * 1000);
    this.executor.runUntil(end);
    this.boundary?.beforePhysics();
    this.physics.step();
    const events = this.gc.update(end - t);
    this.state = this.physics.getState();
    const ball = this.state.ball;
    if (ball) {
      const toucher = ball.lastTouchedBy;
      if (toucher !== undefined && toucher !== this.lastTouchedBy) {
        const r = this.state.robots.find((x) => x.name === toucher);
        if (r) this.gc.ballTouched(r.team, toucher);
      }
      this.lastTouchedBy = toucher;
      events.push(...this.gc.ballMoved(ball.position));
    }
    this.referee.afterStep(events, this.state);
    this.whistle.afterStep(end);
    this.state = this.physics.getState();
    for (const e of events) if (e.type === 'goal' && e.counted) this.kickStatistics.goalScored(end, e.team);
    this.kickStatistics.afterStep(this.state);
    this.network.deliverDue(end, (to, bytes, at) =>
      to >= EXTERNAL_NETWORK_INDEX
        ? this.boundary?.deliverTeam(to, bytes, at)
        : this.robots[to]!.body.deliver({ bytes, receivedAt: at }),
    );
    this.refreshSenses();
    this.boundary?.afterStep(end);
  }

  /**
   * Puts every robot at its start pose in its team's current half and the ball on the centre spot, as the robot
   * handlers do before a half: the scene's poses are those of the first half, so after the teams changed sides
   * each robot stands at the same place of its own half, rotated with the field.
   */
  placeForKickOffHalf(): void {
    for (const def of this.scene.robots) {
      const ownHalfPose = toTeamFrame(def.pose2, def.team !== 0);
      this.physics.moveRobot(def.name, fromTeamFrame(ownHalfPose, def.team !== this.gc.defendsNegativeX));
    }
    this.physics.moveBall({ x: 0, y: 0 });
    this.state = this.physics.getState();
    this.refreshSenses();
  }

  /** Runs steps until `ms` of simulated time have passed. */
  runFor(ms: number): void {
    const end = this.time + ms;
    while (this.time < end) this.step();
  }

  /**
   * Starts stepping on the event loop at the pacing of `dt`; `onStep` is called after each batch. Paced as
   * SimRobot paces: a step is computed when its time interval begins and the loop then sleeps until the next
   * one begins, so simulated time leads the wall clock by at most one step and a robot's reply to a console
   * command appears as soon as the frame that answers it has run.
   */
  run(onStep?: () => void): void {
    if (this.timer !== undefined) return;
    const stepMs = this.scene.stepLength * 1000;
    let wallStart = performance.now();
    let simStart = this.time;
    const stepsDone = (): number => Math.round((this.time - simStart) / stepMs);
    const tick = (): void => {
      const pacing = this.pacing;
      const deadline = performance.now() + 20;
      let delay = 0;
      if (pacing.kind === 'off') {
        while (performance.now() < deadline) this.step();
      } else {
        const msPerStep = pacing.kind === 'on' ? stepMs : 1000 / pacing.fps;
        const due = Math.floor((performance.now() - wallStart) / msPerStep) + 1 - stepsDone();
        for (let i = 0; i < due && performance.now() < deadline; i++) this.step();
        if (due > 50) {
          // Far behind (e.g. after a pause): restart the pacing instead of racing to catch up.
          wallStart = performance.now();
          simStart = this.time;
        }
        delay = Math.max(0, wallStart + stepsDone() * msPerStep - performance.now());
      }
      onStep?.();
      this.timer = setTimeout(tick, delay);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops stepping (run resumes). */
  pause(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Whether `run` is active. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Per-robot statistics of the run so far. */
  statistics(): RobotSummary[] {
    return this.robots.map((r) => {
      const truth = this.state.robots.find((x) => x.name === r.name)!;
      const s = r.statistics;
      const kicks = this.kickStatistics.robotSummary(r.name);
      return {
        name: r.name,
        team: r.def.team,
        playerNumber: r.def.playerNumber,
        distanceWalked: truth.distanceWalked,
        kicks: kicks.kicks,
        kickHits: kicks.hits,
        meanKickDistance: kicks.meanHitDistance,
        falls: truth.falls,
        fallsAfterContact: truth.fallsAfterContact,
        getUps: truth.getUps,
        ballSeenSeconds: s.ballSeenMs / 1000,
        meanLocalizationError: s.localizationSamples ? s.localizationErrorSum / s.localizationSamples : undefined,
        localizationErrors: s.localizationErrors,
        messagesSent: s.messagesSent,
      };
    });
  }

  /** A new in-process connection to robot `name` (for the console engine). */
  connect(name: string): MemoryConnection {
    if (!this.byName.has(name)) throw new Error(`no simulated robot '${name}'`);
    const connection = new MemoryConnection((messages) => this.byName.get(name)!.hub.receive(messages));
    this.linksOf(name).connections.push(connection);
    return connection;
  }

  /** Exposes every robot's TCP debug link on `basePort + index`; resolves with the bound ports by robot name. */
  async listen(basePort: number, host = '127.0.0.1'): Promise<Map<string, number>> {
    const ports = new Map<string, number>();
    for (const r of this.robots) {
      const link = new TcpRobotLink(
        () => this.byName.get(r.name)!.hub,
        basePort === 0 ? 0 : basePort + r.index,
        host,
        this.log,
      );
      ports.set(r.name, await link.start());
      this.linksOf(r.name).tcp.push(link);
    }
    return ports;
  }

  /** Stops running and closes the TCP links and the physics engine's memory. */
  async dispose(): Promise<void> {
    this.pause();
    await Promise.all([...this.links.values()].flatMap((l) => l.tcp.splice(0).map((t) => t.stop())));
    this.physics.dispose();
  }

  private linksOf(name: string): { connections: MemoryConnection[]; tcp: TcpRobotLink[] } {
    let links = this.links.get(name);
    if (!links) this.links.set(name, (links = { connections: [], tcp: [] }));
    return links;
  }

  private sendToConsoles(name: string, messages: Message[]): void {
    const links = this.links.get(name);
    if (!links) return;
    for (const c of links.connections) c.push(...messages);
    for (const t of links.tcp) t.push(messages);
  }

  private groundTruth(name: string, team: 0 | 1, mirrored: boolean): GroundTruthValue {
    let value = this.groundTruthCache.get(name);
    if (value === undefined) {
      value = groundTruthFor(this.state, name, team, mirrored, this.groundTruthValues.get(name));
      this.groundTruthValues.set(name, value);
      this.groundTruthCache.set(name, value);
    }
    return value;
  }

  /** After a step: forget cached views of the world, update what each body feels. */
  private refreshSenses(): void {
    this.groundTruthCache.clear();
    this.gcDataCache = undefined;
    for (const truth of this.state.robots) {
      const senses = this.senses.get(truth.name);
      if (!senses) continue;
      senses.fallen = truth.fallen;
      senses.fellForward = truth.falls % 2 === 1;
      senses.turnRate = truth.velocity.rotation;
    }
  }

  private afterFrame(r: SimulatedRobot, thread: string, messages: Message[], time: number): void {
    const blackboard = r.program.thread(thread)!.blackboard;
    const wasKicking = r.wasKicking;
    const unit = r.executionUnit(thread);
    if (unit === 'Motion') this.noticeKick(r, blackboard);
    if (unit === 'Motion' && this.articulated) {
      const request = blackboard.get('JointRequest') as JointRequest | undefined;
      if (request) this.articulated.setJointRequest(r.name, request.angles, request.stiffnessData.stiffnesses);
    } else if (unit === 'Motion' && this.capsules) {
      const out = readMotionOutput(blackboard, wasKicking);
      this.capsules.setWalk(r.name, out.walkSpeed);
      const kicked = out.kickStrength !== undefined && this.capsules.kick(r.name, out.kickStrength);
      if (kicked) this.gc.ballTouched(r.def.team, r.name);
    } else if (unit === 'Cognition') {
      const bytes = readTeamMessage(blackboard, time);
      // Upper and Lower trigger Cognition at the same time, and TeamMessageOutput keeps its packet: it goes out once.
      if (bytes && this.lastTeamMessageAt.get(r.index) !== Math.round(time)) {
        this.lastTeamMessageAt.set(r.index, Math.round(time));
        r.statistics.messagesSent++;
        this.network.broadcast(r.index, bytes, Math.round(time), (team) => this.gc.teamMessageSent(team));
      }
      this.countStatistics(r, blackboard, time);
    }
    r.threadFrame(thread, messages);
  }

  /** Tells the kick statistics when a robot's motion starts and ends a kick; remembers whether it is kicking. */
  private noticeKick(r: SimulatedRobot, blackboard: { get(name: string): unknown }): void {
    const info = blackboard.get('MotionInfo') as { isKicking: boolean; kickKind: number } | undefined;
    const kicking = info?.isKicking ?? false;
    if (kicking && !r.wasKicking)
      this.kickStatistics.kickStarted(this.state, r.name, info!.kickKind, r.def.team === this.gc.defendsNegativeX);
    if (!kicking && r.wasKicking) this.kickStatistics.kickEnded(this.state.time, r.name);
    r.wasKicking = kicking;
  }

  private countStatistics(r: SimulatedRobot, blackboard: { get(name: string): unknown }, time: number): void {
    if (time <= r.lastCountedCognition) return;
    const dt = r.lastCountedCognition < 0 ? 0 : time - r.lastCountedCognition;
    r.lastCountedCognition = time;
    const ball = blackboard.get('BallModel') as { timeWhenLastSeen: number } | undefined;
    if (ball && ball.timeWhenLastSeen !== 0 && time - ball.timeWhenLastSeen < 100) r.statistics.ballSeenMs += dt;
    const pose = blackboard.get('RobotPose') as Pose2 | undefined;
    const truth = this.groundTruth(r.name, r.def.team, r.def.team !== this.gc.defendsNegativeX) as { ownPose: Pose2 };
    if (pose) {
      const error = Math.hypot(
        pose.translation.x - truth.ownPose.translation.x,
        pose.translation.y - truth.ownPose.translation.y,
      );
      r.statistics.localizationErrorSum += error;
      r.statistics.localizationSamples++;
      r.statistics.localizationErrors.add(error);
    }
  }

  /**
   * Runs a simulation command line (`gc`, `ar`, `dt`, `st`, `ci`, `mvo`, `net`), text or already parsed by the
   * console's tokenizer. Robot commands (`mv`, `mvb`, `pr`, `sn`, `cal`) go through {@link robotCommand}.
   */
  command(line: string | ConsoleLine): SimulationCommandResult {
    return this.commandLine(line, undefined);
  }

  /** Runs a robot command line (`mv`, `mvb`, `pr`, `sn`, `cal`) for robot `name`. */
  robotCommand(name: string, line: string | ConsoleLine): SimulationCommandResult {
    return this.commandLine(line, name);
  }

  /**
   * Runs `command` on the arguments after its word (the console hands on its tokens), for the whole simulation or,
   * for a robot command, for robot `robot`.
   */
  runCommand(command: SimulationCommand, args: CommandArgs, robot?: string): SimulationCommandResult {
    const result = runCommand(this, command, args, robot);
    // A penalty given or lifted by a command moves its robot at once (the referee's placements).
    if (this.referee.placePenalized(this.state)) this.state = this.physics.getState();
    return result;
  }

  private commandLine(line: string | ConsoleLine, robot: string | undefined): SimulationCommandResult {
    const args = CommandArgs.fromLine(line);
    const word = args.next() ?? '';
    const command = simulationCommand(word);
    if (!command) return { kind: 'error', code: 'unknownCommand', message: `Unknown simulation command '${word}'` };
    return this.runCommand(command, args, robot);
  }
}
