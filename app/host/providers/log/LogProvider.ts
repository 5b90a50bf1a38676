/**
 * @file Log replay as a robot provider of the IDE's host session: `sl <name> <file>` and `sml <directory>` open
 * logs as robots (kind `log`) whose consoles have the `log` commands, and the log views' channels answer from the
 * replays: playback state (pushed while it changes, at most 20 times a second), timelines and stop-on-annotation.
 * Every other robot of the session (simulated, remote) gets `log` too, so it can be recorded and saved.
 */
import nodePath from 'node:path';
import { logCommands } from '../../log/logCommands';
import type { ConsoleFiles } from '../../console/files';
import type { RobotConsole } from '../../console/RobotConsole';
import { loadMcapDecompression } from '../../log/McapFrameSource';
import type { ReplayRobot } from '../../log/ReplayRobot';
import type { GameSession } from '../../log/GameSession';
import type { LogPlayersState } from '@app/ipc/logPlayer';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import type { RequestHandlers } from '../../session/requestHandlers';
import { ReplayTracker } from './ReplayTracker';
import { logSession } from '../../log/LogSession';
import { variantBook } from '../../log/variants/VariantBook';
import { variantsState } from '../../log/variants/variantsState';

/** Shortest time between two state events (ms). */
const STATE_INTERVAL_MS = 50;

/** How the provider is set up. */
export interface LogProviderOptions {
  /** config/ folder: relative log names resolve under its Logs/; replays take their configuration from it. */
  readonly configRoot: string;
  readonly files?: ConsoleFiles;
  /** Wall clock (ms) for replay pacing and event throttling. Default performance.now. */
  readonly now?: () => number;
}

/** Provides replayed logs. */
export class LogProvider implements ConsoleProvider {
  /** The log views' channels. */
  readonly handlers = {
    'pitchside:log.players': () => this.state(),
    'pitchside:log.timeline': ({ robot }) => this.tracker(robot).timeline(),
    'pitchside:log.stopOnAnnotation': ({ robot, ...settings }) => {
      const tracker = this.tracker(robot);
      tracker.setStopOnAnnotation(settings);
      return tracker.state();
    },
    'pitchside:log.control': ({ robot, action }) => {
      const tracker = this.tracker(robot);
      tracker.control(action);
      return tracker.state();
    },
    'pitchside:game.timeline': ({ robot }) => this.gameOf(robot).timeline(),
    'pitchside:game.seek': ({ robot, time }) => {
      const game = this.gameOf(robot);
      game.clock.seek(time);
      return { time: game.clock.time };
    },
    'pitchside:log.variants': ({ robot, tracks }) =>
      variantsState(robot, variantBook(logSession(this.tracker(robot).console)), tracks ?? false),
  } satisfies RequestHandlers;
  private host: ProviderHost | undefined;
  private readonly trackers = new Map<string, ReplayTracker>();
  private lastState = '';
  private lastStateAt = -Infinity;
  private readonly now: () => number;

  constructor(private readonly options: LogProviderOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  start(host: ProviderHost): void {
    this.host = host;
    // MCAP exports are zstd-compressed: load the decompressor now (`sl` waits for it too) and say when it cannot be.
    loadMcapDecompression().catch((e: unknown) =>
      host.controller.print(`MCAP replay: cannot load zstd (${e instanceof Error ? e.message : String(e)})`),
    );
    host.controller.commands.register(
      logCommands(host.controller, {
        configRoot: this.options.configRoot,
        consoleOptions: { files: this.options.files, configRoot: this.options.configRoot },
        now: this.now,
        onReplay: (console, replay) => this.track(console, replay),
      }),
    );
  }

  update(): void {
    // A replay whose console was replaced (another robot of the same name) is released.
    for (const [name, tracker] of this.trackers) {
      if (this.host?.controller.robotConsole(name) !== tracker.console) this.drop(name);
    }
    const state = this.state();
    const text = JSON.stringify(state);
    const now = this.now();
    if (text === this.lastState || now - this.lastStateAt < STATE_INTERVAL_MS) return;
    this.lastState = text;
    this.lastStateAt = now;
    this.host?.broadcast('pitchside:log.state', state);
  }

  async dispose(): Promise<void> {
    for (const name of [...this.trackers.keys()]) this.drop(name);
  }

  /** Every replayed robot's state. */
  state(): LogPlayersState {
    return { players: [...this.trackers.values()].map((t) => t.state()) };
  }

  /** The game replayed last (`sml` of a game's logs) whose robots are still here, for the team monitor. */
  currentGame(): GameSession | undefined {
    const trackers = [...this.trackers.values()].reverse();
    for (const t of trackers) {
      const game = logSession(t.console).game;
      if (game) return game;
    }
    return undefined;
  }

  private gameOf(robot: string): GameSession {
    const game = logSession(this.tracker(robot).console).game;
    if (!game) throw new Error(`${robot} is not replayed in a game (open a game's logs with sml <directory>)`);
    return game;
  }

  private tracker(robot: string): ReplayTracker {
    const tracker = this.trackers.get(robot);
    if (!tracker) throw new Error(`${robot} is not a replayed log (open one with sl <name> <file>)`);
    return tracker;
  }

  private track(console: RobotConsole, replay: ReplayRobot): void {
    this.drop(console.name);
    this.trackers.set(console.name, new ReplayTracker(console, replay, nodePath.basename(replay.file.path)));
    this.host?.addRobot({ console, kind: 'log' });
  }

  private drop(name: string): void {
    const tracker = this.trackers.get(name);
    tracker?.dispose();
    this.trackers.delete(name);
    // The game's recording goes with its last robot.
    const game = tracker && logSession(tracker.console).game;
    if (game && ![...this.trackers.values()].some((t) => logSession(t.console).game === game)) game.dispose();
  }
}
