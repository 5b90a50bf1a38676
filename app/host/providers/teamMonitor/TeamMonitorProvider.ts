/**
 * @file The team monitor as a part of the host session: it watches the simulation's team network (whenever the
 * session simulates a scene) and, after `tm on <team>` or the view's button, the real network's team ports, and
 * streams one frame with every robot heard to the renderer at most 10 times a second. It brings no robots of
 * its own; it only adds the `tm` command and the monitor's channels.
 */
import { isTeamNumber, type TeamMessageFormat, type TeamMonitorFrame } from '@app/ipc/teamMonitor';
import type { Simulation } from '@app/simulator/simulation/Simulation';
import type { GlobalCommand } from '../../console/commands/types';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import type { RequestHandlers } from '../../session/requestHandlers';
import { monitorCodec } from './monitorCodec';
import { NetworkTraffic, type NetworkTrafficOptions } from './NetworkTraffic';
import { SimulationTraffic } from './SimulationTraffic';
import { ReplayTraffic } from './ReplayTraffic';
import type { GameSession } from '../../log/GameSession';

/** Frames per second at most (team messages come about once a second per robot; the ages tick smoothly at 10 Hz). */
export const TEAM_MONITOR_HZ = 10;

/** How the monitor is set up. */
export interface TeamMonitorProviderOptions {
  /** config/ folder (its teamMessage.def decodes B-Human-format payloads). */
  readonly configRoot: string;
  /** The session's current simulation, if any (asked on every tick: a reset replaces it). */
  readonly simulation?: () => Simulation | undefined;
  /** Where the real network is listened on. */
  readonly network?: NetworkTrafficOptions;
  /** The replayed game whose recorded team messages the monitor replays on its clock, if any (asked every tick). */
  readonly replay?: () => GameSession | undefined;
}

const USAGE = 'tm on <team> [bhuman|standard] | tm off [<team>] | tm';

/** The host side of the team monitor view. */
export class TeamMonitorProvider implements ConsoleProvider {
  /** The team monitor area of the console: `tm`. */
  readonly commands: readonly GlobalCommand[];
  /** The team monitor view's channels. */
  readonly handlers = {
    'pitchside:teamMonitor.state': () => this.frame(),
    'pitchside:teamMonitor.listen': async ({ team, on, format }) => {
      await this.setListening(team, on, format ?? 'bhuman');
      const frame = this.frame();
      this.host?.broadcast('pitchside:teamMonitor.frame', frame);
      return frame;
    },
  } satisfies RequestHandlers;
  private readonly simulation: SimulationTraffic;
  private readonly network: NetworkTraffic;
  private readonly replay: ReplayTraffic;
  private host: ProviderHost | undefined;
  private lastFrameAt = -Infinity;
  private lastEmpty = '';
  private error: string | undefined;

  constructor(private readonly options: TeamMonitorProviderOptions) {
    const { codec, problem } = monitorCodec(options.configRoot);
    this.error = problem;
    this.simulation = new SimulationTraffic(codec);
    this.network = new NetworkTraffic(codec, options.network);
    this.replay = new ReplayTraffic(codec);
    this.commands = [
      {
        name: 'tm',
        scope: 'global',
        usage: USAGE,
        summary: "Listen to a team's messages on the real network (tm on), stop (tm off), or list what is heard (tm).",
        args: { sub: { on: { args: [[], ['bhuman', 'standard']] }, off: {} } },
        run: (args) => this.command(args.rest().map((t) => t.text)),
      },
    ];
  }

  start(host: ProviderHost): void {
    this.host = host;
    host.controller.commands.register(this.commands);
  }

  update(): void {
    this.simulation.follow(this.options.simulation?.());
    this.replay.follow(this.options.replay?.());
    // Fed every tick, so a fast replay feeds each message in order however rarely a frame is published.
    this.replay.advance();
    const now = performance.now();
    if (now - this.lastFrameAt < 1000 / TEAM_MONITOR_HZ) return;
    this.lastFrameAt = now;
    this.publish();
  }

  async dispose(): Promise<void> {
    this.simulation.dispose();
    await this.network.stopAll();
  }

  /** The ports being listened on (tests connect to them). */
  get listening(): ReturnType<NetworkTraffic['listening']> {
    return this.network.listening();
  }

  /** The GameController port listened on while a team port is (tests send to it). */
  get gameControllerPort(): number | undefined {
    return this.network.gameControllerListener?.port;
  }

  /** Everything the monitor knows now. */
  frame(): TeamMonitorFrame {
    this.simulation.follow(this.options.simulation?.());
    this.replay.follow(this.options.replay?.());
    const sim = this.simulation.part();
    const net = this.network.part();
    const replay = this.replay.part();
    return {
      robots: [...(sim?.robots ?? []), ...(replay?.robots ?? []), ...net.robots],
      teams: [...(sim?.teams ?? []), ...(replay?.teams ?? []), ...net.teams],
      violations: (sim?.violations ?? 0) + (replay?.violations ?? 0) + net.violations,
      simulation: this.simulation.active,
      listening: this.network.listening(),
      gameControllers: [
        ...(sim?.gameControllers ?? []),
        ...(replay?.gameControllers ?? []),
        ...this.network.gameControllerInfo(),
      ],
      ...((this.error ?? this.network.problem) !== undefined ? { error: this.error ?? this.network.problem } : {}),
    };
  }

  /** Starts or stops listening; a failure is kept for the view and rethrown. */
  async setListening(team: number, on: boolean, format: TeamMessageFormat): Promise<void> {
    try {
      if (on) await this.network.listen(team, format);
      else await this.network.stop(team);
      this.error = undefined;
    } catch (e) {
      this.error = `cannot listen for team ${team}: ${(e as Error).message}`;
      throw new Error(this.error);
    }
  }

  private publish(): void {
    const frame = this.frame();
    if (frame.robots.length === 0) {
      // Nothing heard: one frame says so; repeating it would only cost every open tab.
      const text = JSON.stringify(frame);
      if (text === this.lastEmpty) return;
      this.lastEmpty = text;
    } else this.lastEmpty = '';
    this.host?.broadcast('pitchside:teamMonitor.frame', frame);
  }

  private command(words: readonly string[]): void {
    const print = (text: string): void => this.host?.print(text);
    const [verb, teamText, formatText] = words;
    if (verb === undefined) {
      const listening = this.network.listening();
      const frame = this.frame();
      const gameControllers = (frame.gameControllers ?? []).map(
        (g) =>
          `${g.source} GameController: ${g.protocol.toUpperCase()}, ${g.state}` +
          (g.packets !== undefined ? ` (${g.packets} packets, ${g.refused ?? 0} refused, from ${g.address})` : ''),
      );
      print(
        [
          `Team monitor: ${this.simulation.active ? 'simulation' : 'no simulation'}; ${listening.length ? `listening on ${listening.map((l) => `team ${l.team} (port ${l.port}, ${l.format})`).join(', ')}` : 'not listening on the network'}; ${frame.robots.length} robots heard, ${frame.violations} rule violations`,
          ...gameControllers,
        ].join('\n'),
      );
      return;
    }
    const team = teamText === undefined ? undefined : Number(teamText);
    const badFormat = formatText !== undefined && formatText !== 'bhuman' && formatText !== 'standard';
    if (
      (verb !== 'on' && verb !== 'off') ||
      (team !== undefined && !isTeamNumber(team)) ||
      (verb === 'on' && team === undefined) ||
      badFormat
    ) {
      print(`Syntax: ${USAGE}`);
      return;
    }
    if (verb === 'off' && team === undefined) {
      void this.network.stopAll().then(() => print('Team monitor: stopped listening on the network'));
      return;
    }
    this.setListening(team!, verb === 'on', formatText ?? 'bhuman').then(
      () => {
        const l = this.network.listening().find((x) => x.team === team);
        print(
          l
            ? `Team monitor: listening for team ${team} on port ${l.port} (${l.format})`
            : `Team monitor: stopped listening for team ${team}`,
        );
      },
      (e: unknown) => print(`Error: ${(e as Error).message}`),
    );
  }
}
