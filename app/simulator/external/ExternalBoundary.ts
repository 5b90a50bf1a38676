/**
 * @file Serves a simulation's external robots their NAO boundary and drives their bodies from it. After each
 * 12 ms step every external robot gets a LoLA sensor map measured from the physics; before the next physics step
 * its motors get the last actuator map its program sent. Camera images go out at 30 Hz per camera to whoever
 * reads the camera's stream; GameController packets every 500 ms to the robot's address (port 3838), its return
 * packets come back to the simulator's address (port 3939); team packets the program sends to the simulator's
 * address on its team port go through the simulated team network (loss, delay, the message budget) to the
 * teammates, in-process or external.
 *
 * Two clocks: in real time the caller paces the steps at 12 ms by the wall clock and a program that answers late
 * leaves its robot on its last request; in lock-step the caller awaits {@link ExternalBoundary.answers} after
 * every step, so the simulation waits for every driven robot's actuator map and a game is as fast as its
 * slowest program. A program that dies or stays silent is reported and its robot goes limp; the simulation goes on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UdpEndpoint } from '@robot-runtime/hosts/node/UdpEndpoint';
import { encodeGameControlData } from '@robot-runtime/protocol/gameController/gameControlData';
import { headAnglesOf, torsoHeightOf } from '../simulation/CameraImages';
import { EXTERNAL_NETWORK_INDEX, type Simulation, type SimulationBoundary } from '../simulation/Simulation';
import type { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { ExternalRobot, robotAddress, type ExternalEndpoints } from './ExternalRobot';
import { encodeSensorMap } from './lolaSensorMap';

/** How external robots are served. */
export interface ExternalOptions {
  /** Wait for every driven robot's answer after each step (reproducible) instead of real-time pacing. */
  lockStep?: boolean;
  /** Second byte of the loopback addresses: robots at 127.<net>.<team + 1>.<player>, the simulator at 127.<net>.0.1. */
  net?: number;
  /** Folder of the LoLA sockets (<dir>/<robot>/robocup); default <tmp>/pitchside-<pid>. */
  socketDir?: string;
  /** LoLA TCP port and the image ports (upper, lower) on each robot's address; 0: any free port. */
  lolaPort?: number;
  imagePorts?: [number, number];
  /** GameController data port on the robots, return port and team port base on the simulator. */
  gameControllerPort?: number;
  returnPort?: number;
  teamPortBase?: number;
  /** Lock-step: longest wait (wall ms) for one answer before the robot counts as silent. */
  answerTimeoutMs?: number;
  /** Longest wait (wall ms; in real time the cycles of it) for a new connection's first answer (start-up). */
  startupTimeoutMs?: number;
  /** Real time: unanswered sensor maps after which a connected program counts as silent (~1 s). */
  silentAfterCycles?: number;
  /** Images per second per camera. */
  imageRate?: number;
  /** Where problems and connections are reported. */
  report?(line: string): void;
}

/** Largest team packet the rules allow (bytes). */
const MAX_TEAM_PACKET = 128;
/** The GameController sends its packet twice a second. */
const GC_INTERVAL_MS = 500;

/** The boundary of all external robots of one simulation. */
export class ExternalBoundary implements SimulationBoundary {
  readonly robots: ExternalRobot[];
  readonly simulatorAddress: string;
  /** LoLA cycles (steps) served. */
  cycle = 0;
  private readonly world: ArticulatedWorld;
  private readonly report: (line: string) => void;
  private gcSocket: UdpEndpoint | undefined;
  private readonly teamSockets = new Map<number, UdpEndpoint>();
  private lastGcAt = -Infinity;
  /** Simulated time at which each robot's next image per camera is due. */
  private readonly nextImageAt: number[][];
  private answered: (() => void) | undefined;
  /** Where the LoLA sockets live; removed on close unless the caller chose it. */
  private readonly socketDir: string;

  private constructor(
    readonly sim: Simulation,
    readonly options: ExternalOptions,
  ) {
    if (!sim.articulated)
      throw new Error('external robots need an articulated scene: LoLA drives joints, capsules have none');
    this.world = sim.articulated;
    const net = options.net ?? 0;
    this.simulatorAddress = `127.${net}.0.1`;
    const dir = options.socketDir ?? path.join(os.tmpdir(), `pitchside-${process.pid}`);
    this.socketDir = dir;
    this.robots = sim.externalRobots.map((def, k) => new ExternalRobot(def, k, dir));
    this.nextImageAt = this.robots.map(() => [0, 0]);
    this.report = options.report ?? (() => {});
  }

  /** Binds every external robot's endpoints and attaches to `sim` (it must have been built with `external`). */
  static async serve(sim: Simulation, options: ExternalOptions = {}): Promise<ExternalBoundary> {
    const boundary = new ExternalBoundary(sim, options);
    try {
      await boundary.bind();
    } catch (e) {
      await boundary.close();
      throw e;
    }
    sim.boundary = boundary;
    return boundary;
  }

  private async bind(): Promise<void> {
    const o = this.options;
    const net = o.net ?? 0;
    for (const r of this.robots) {
      r.goLimp();
      await r.listen(robotAddress(net, r.def), { lola: o.lolaPort ?? 0, images: o.imagePorts ?? [0, 0] });
      this.watch(r);
    }
    this.gcSocket = await UdpEndpoint.open({ port: o.returnPort ?? 3939, address: this.simulatorAddress });
    this.gcSocket.on('packet', (_bytes, from) => {
      const r = this.robots.find((x) => x.endpoints?.address === from.address);
      if (r) r.returnPackets++;
    });
    this.gcSocket.on('error', (e) => this.report(`GameController socket: ${e.message}`));
    for (const team of new Set(this.robots.map((r) => r.def.team))) {
      const number = this.sim.scene.teams[team].number;
      const socket = await UdpEndpoint.open({
        port: (o.teamPortBase ?? 10000) + number,
        address: this.simulatorAddress,
      });
      socket.on('packet', (bytes, from) => this.teamPacket(team, bytes, from.address));
      socket.on('error', (e) => this.report(`team ${number} socket: ${e.message}`));
      this.teamSockets.set(team, socket);
    }
  }

  /** Where each robot is reached. */
  get endpoints(): { name: string; endpoints: ExternalEndpoints }[] {
    return this.robots.map((r) => ({ name: r.name, endpoints: r.endpoints! }));
  }

  /** One line per robot for the command line and the console. */
  describe(): string[] {
    return this.robots.map((r) => {
      const e = r.endpoints!;
      return (
        `${r.name}: LoLA ${e.lolaSocket} and tcp ${e.address}:${e.lolaPort}, images upper ${e.imagePorts[0]} ` +
        `lower ${e.imagePorts[1]}, address ${e.address} (GameController ${this.options.gameControllerPort ?? 3838}, ` +
        `team ${(this.options.teamPortBase ?? 10000) + this.sim.scene.teams[r.def.team].number}), ` +
        `debug link ${e.address}:${e.debugPort}`
      );
    });
  }

  /** Resolves once every robot has a program connected (or after `timeoutMs`); returns those still missing. */
  async waitForPrograms(timeoutMs: number): Promise<string[]> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline && this.robots.some((r) => !r.lola.connected))
      await new Promise((resolve) => setTimeout(resolve, 20));
    return this.robots.filter((r) => !r.lola.connected).map((r) => r.name);
  }

  beforePhysics(): void {
    for (const r of this.robots) this.world.setJointRequest(r.name, r.angles, r.stiffnesses);
  }

  afterStep(end: number): void {
    this.cycle++;
    const silentAfter = this.options.silentAfterCycles ?? 84;
    // A program's first answer may take its start-up (threads, configuration).
    const startupCycles = Math.ceil((this.options.startupTimeoutMs ?? 30_000) / 12);
    for (const r of this.robots) {
      const measured = this.world.measure(r.name);
      if (r.lola.connected) {
        const limit = r.received === 0 ? startupCycles : silentAfter;
        if (!this.options.lockStep && !r.silent && r.unanswered >= limit) this.silence(r, 'real time');
        r.lola.send(
          encodeSensorMap(measured, { stiffness: r.lolaStiffness }, { bodyId: `${r.name}-body`, headId: r.name }),
        );
        r.sent++;
        r.unanswered++;
      }
      this.sendImages(r, end, measured.JointSensorData.angles);
    }
    if (end - this.lastGcAt >= GC_INTERVAL_MS) {
      this.lastGcAt = end;
      const packet = encodeGameControlData(this.sim.gc.getData());
      for (const r of this.robots)
        this.gcSocket?.send(packet, this.options.gameControllerPort ?? 3838, r.endpoints!.address);
    }
  }

  deliverTeam(to: number, bytes: Uint8Array): void {
    const r = this.robots[to - EXTERNAL_NETWORK_INDEX];
    if (!r) return;
    const number = this.sim.scene.teams[r.def.team].number;
    this.teamSockets.get(r.def.team)?.send(bytes, (this.options.teamPortBase ?? 10000) + number, r.endpoints!.address);
  }

  /**
   * Lock-step: resolves when every driven robot has answered the last sensor map. A robot that does not answer
   * within the timeout is reported, goes limp and is not waited for until it answers again.
   */
  async answers(): Promise<void> {
    const waiting = (): ExternalRobot[] => this.robots.filter((r) => r.driven && r.unanswered > 0);
    if (waiting().length === 0) return;
    const starting = waiting().some((r) => r.received === 0);
    const timeout = starting ? (this.options.startupTimeoutMs ?? 30_000) : (this.options.answerTimeoutMs ?? 2000);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.answered = undefined;
        for (const r of waiting()) this.silence(r, `lock-step (${timeout} ms)`);
        resolve();
      }, timeout);
      this.answered = () => {
        if (waiting().length) return;
        clearTimeout(timer);
        this.answered = undefined;
        resolve();
      };
    });
  }

  /** Closes every socket and server. */
  async close(): Promise<void> {
    if (this.sim.boundary === this) this.sim.boundary = undefined;
    await Promise.all([
      ...this.robots.map((r) => r.close()),
      this.gcSocket?.close(),
      ...[...this.teamSockets.values()].map((s) => s.close()),
    ]);
    if (this.options.socketDir === undefined) fs.rmSync(this.socketDir, { recursive: true, force: true });
  }

  private watch(r: ExternalRobot): void {
    r.lola.on('connected', (via) => {
      r.connectionStarted();
      const late = this.sim.time > 0 ? ` late, at ${(this.sim.time / 1000).toFixed(2)} s simulated` : '';
      this.report(`${r.name}: program connected over ${via}${late}`);
    });
    r.lola.on('disconnected', (reason) => {
      r.goLimp();
      this.report(`${r.name}: program gone (${reason}) at ${(this.sim.time / 1000).toFixed(2)} s; the robot is limp`);
      this.answered?.();
    });
    r.lola.on('actuators', (values) => {
      if (r.silent) this.report(`${r.name}: program answers again`);
      r.silent = false;
      r.apply(values);
      this.answered?.();
    });
    r.lola.on('problem', (message) => this.report(`${r.name}: ${message}`));
  }

  private silence(r: ExternalRobot, mode: string): void {
    r.silent = true;
    r.goLimp();
    this.report(`${r.name}: program does not answer LoLA (${mode}); the robot is limp`);
  }

  private sendImages(r: ExternalRobot, time: number, angles: readonly number[]): void {
    const interval = 1000 / (this.options.imageRate ?? 30);
    for (const camera of [0, 1] as const) {
      const stream = r.cameras[camera];
      const due = this.nextImageAt[r.index]!;
      if (!stream.hasReaders || time < due[camera]!) continue;
      // 30 Hz on a 12 ms grid: every second or third step, 30 images a second on average.
      const next = due[camera]! + interval;
      due[camera] = next < time ? time + interval : next; // after a pause without readers: from now on
      const name = camera === 0 ? 'upper' : 'lower';
      const image = this.sim.cameraImages.render(
        r.def,
        name,
        headAnglesOf(angles),
        torsoHeightOf(r.def, angles),
        this.world.cameraPose(r.name, name),
      );
      if (image) stream.send(this.cycle, image.width, image.height, image.image);
    }
  }

  private teamPacket(team: 0 | 1, bytes: Uint8Array, from: string): void {
    const r = this.robots.find((x) => x.endpoints?.address === from && x.def.team === team);
    if (!r) return;
    if (bytes.length > MAX_TEAM_PACKET) {
      this.report(`${r.name}: dropped a team packet of ${bytes.length} bytes (at most ${MAX_TEAM_PACKET})`);
      return;
    }
    this.sim.network.broadcast(EXTERNAL_NETWORK_INDEX + r.index, bytes.slice(), Math.round(this.sim.time), (t) =>
      this.sim.gc.teamMessageSent(t),
    );
  }
}
