/**
 * @file The log area: `log` (formats §1.5) and the global `sl` / `sml`: recording what a robot sends, saving it as a
 * B-Human log, and replaying logs as robots (an MCAP file is read in slices: `sl` and `sml` then finish later and the
 * console holds the following lines until they have). Recording works on every robot console; the playback sub-commands
 * work on replayed robots. `logCommands` gives all three for the controller's table; `logCommand` alone serves a
 * console that only records (the command-line console).
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import { IndexBuilder } from '@robot-runtime/protocol/log/IndexBuilder';
import type { LogIndex } from '@robot-runtime/protocol/log/logIndex';
import { identityTable, indexFrameBytes } from '@robot-runtime/protocol/log/writeLog';
import { messageIdByName, messageIdNames, numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoToBytes } from '@robot-runtime/protocol/typeInfo/stream';
import type { ConsoleController } from '../console/ConsoleController';
import { errorText } from '../console/errorText';
import { configFilePath, hasExtension } from '../console/files';
import { RobotConsole, type RobotConsoleOptions } from '../console/RobotConsole';
import { editFrames } from './LogRecorder';
import { logSession, type LogSession } from './LogSession';
import { loggedRepresentations, logModuleRequestLines } from './logModuleRequests';
import type { FrameSource } from './FrameSource';
import { openReplaySource, replayRobotOf } from './openReplay';
import type { ReplayRobot } from './ReplayRobot';
import { GameSession } from './GameSession';
import { isGameRecording } from './gameRecordingFormat';
import { MAX_GAME_SPEED, MIN_GAME_SPEED, type GameClock } from './GameClock';
import { applyGamePlayback } from './playback';
import type { PlaybackAction } from '../../ipc/logPlayer';
import { saveLog } from './saveLog';
import { formatStatistics, messageStatistics } from './statistics';
import { variantBook } from './variants/VariantBook';
import { VARIANT_USAGE, VARIANT_WORDS, variantCommand } from './variants/variantCommand';
import {
  CommandError,
  CommandSyntaxError,
  type CommandConsole,
  type CommandDescriptor,
  type GlobalCommand,
  type RobotCommand,
} from '../console/commands/types';

const USAGE =
  'log (start | stop | pause | clear | save [<file>] | ? [<pattern>] | mr [list] | keep <id> {<id>} | remove <id> {<id>} | ' +
  'trim (until <end> | from <start> | between <start> <end>) | forward [fast | image] | backward [fast | image] | repeat | goto <n> | cycle | once | speed (<factor> | max) | time <seconds> | ' +
  `${VARIANT_USAGE.slice('log '.length)})`;

/** The message ids `log keep` and `log remove` take (full enum names such as idCameraImage). */
const MESSAGE_ID_WORDS: readonly string[] = messageIdNames.filter((n) => n !== undefined && n.startsWith('id'));

/** Frames `log forward fast` / `log backward fast` move. */
const FAST_STEP = 100;

/** `<file>` as `sl` and `log save` take it: `.log` added when missing, relative paths under `<configRoot>/Logs/`. */
export function resolveLogPath(configRoot: string, file: string): string {
  return configFilePath(configRoot, 'Logs', hasExtension(file) ? file : `${file}.log`);
}

/** The `log` robot command. */
export const logCommand: RobotCommand = {
  name: 'log',
  scope: 'robot',
  usage: USAGE,
  summary: 'Record what the robot sends and save it as a log; in a replayed robot, control the playback.',
  args: {
    sub: {
      start: {},
      stop: {},
      pause: {},
      clear: {},
      repeat: {},
      cycle: {},
      once: {},
      save: {},
      '?': {},
      goto: {},
      keep: { args: [MESSAGE_ID_WORDS], repeat: true },
      remove: { args: [MESSAGE_ID_WORDS], repeat: true },
      mr: { args: [['list']] },
      trim: { sub: { until: {}, from: {}, between: {} } },
      forward: { args: [['fast', 'image']] },
      backward: { args: [['fast', 'image']] },
      speed: { args: [['max']] },
      time: {},
      variant: { args: [['?', 'load'], VARIANT_WORDS] },
    },
  },
  forable: false,
  run(args, ctx) {
    const { console } = ctx;
    const session = logSession(console);
    const word = args.next();
    if (word === undefined) throw new CommandSyntaxError(USAGE);
    if (word === 'variant') {
      variantCommand(console, session, args.remaining());
      return 'done';
    }
    const replay = session.replay;
    const rest = args.rest().map((t) => t.text);
    const players = () => (session.group.length ? session.group : [requireReplay(replay)]).map((r) => r.player);
    const game = session.game?.clock;
    if (game && GAME_ACTIONS.has(word)) {
      gameCommand(game, console.name, word, rest);
      return 'done';
    }
    switch (word) {
      case 'start':
        if (replay) for (const p of players()) p.play();
        else session.recorder.start();
        break;
      case 'stop':
        if (replay) for (const p of players()) p.stop();
        else session.recorder.stop();
        break;
      case 'pause':
        for (const p of players()) p.pause();
        break;
      case 'clear':
        if (replay) throw new CommandError('log clear: not in replay mode');
        session.recorder.clear();
        break;
      case 'save':
        save(console, session, rest[0]);
        break;
      case '?':
        console.print(
          formatStatistics(
            messageStatistics(indexOf(session), replay ? replay.file.log.idNames : messageIdNames),
            rest[0],
          ),
        );
        break;
      case 'mr':
        if (console.need('moduleTable') === 'wait') return 'wait';
        moduleRequests(console, session, rest[0] === 'list');
        break;
      case 'keep':
      case 'remove':
        filterIds(session, word, rest);
        break;
      case 'trim':
        trim(session, rest);
        break;
      case 'forward':
      case 'backward': {
        const player = requireReplay(replay).player;
        const how = rest[0];
        const step = how === 'fast' ? FAST_STEP : 1;
        if (how !== undefined && how !== 'fast' && how !== 'image') throw new CommandSyntaxError(USAGE);
        if (word === 'forward') {
          if (how === 'image') player.nextImage();
          else player.forward(step);
        } else if (how === 'image') player.previousImage();
        else player.backward(step);
        break;
      }
      case 'repeat':
        requireReplay(replay).player.repeat();
        break;
      case 'goto': {
        const n = frameNumber(rest[0], replay);
        requireReplay(replay).player.goto(n);
        break;
      }
      case 'cycle':
      case 'once':
        for (const p of players()) p.setLoop(word === 'cycle');
        break;
      case 'time':
        throw new CommandError('log time: only for a robot of a replayed game (sml <directory>)');
      case 'speed': {
        const value = rest[0] === 'max' ? 'max' : Number(rest[0]);
        if (value !== 'max' && !(value > 0)) throw new CommandSyntaxError('log speed (<factor 0.1 … 10> | max)');
        for (const p of players()) p.setSpeed(value);
        break;
      }
      case 'load':
      case 'saveImages':
      case 'saveAudio':
        throw new CommandError(`log ${word} is not supported yet`);
      default:
        throw new CommandSyntaxError(USAGE);
    }
    return 'done';
  },
};

/** `log` sub-commands that act on the game's clock in a replayed game (all its robots go to one game time). */
const GAME_ACTIONS = new Set([
  'start',
  'stop',
  'pause',
  'forward',
  'backward',
  'goto',
  'speed',
  'time',
  'cycle',
  'once',
]);

/** A `log` sub-command of a robot of a replayed game: on the game's clock. */
function gameCommand(clock: GameClock, robot: string, word: string, rest: readonly string[]): void {
  const action = (a: PlaybackAction) => applyGamePlayback(clock, robot, a);
  switch (word) {
    case 'start':
      return action({ kind: 'play' });
    case 'stop':
      return action({ kind: 'stop' });
    case 'pause':
      return action({ kind: 'pause' });
    case 'forward':
    case 'backward': {
      const how = rest[0];
      if (how !== undefined && how !== 'fast' && how !== 'image') throw new CommandSyntaxError(USAGE);
      const sign = word === 'forward' ? 1 : -1;
      if (how === 'image') return action({ kind: 'stepImage', direction: sign });
      return action({ kind: 'step', frames: sign * (how === 'fast' ? FAST_STEP : 1) });
    }
    case 'goto': {
      const player = clock.member(robot)!.player;
      const n = rest[0] === 'current' ? Math.max(0, player.current) : Number(rest[0]);
      if (rest[0] === undefined || !Number.isInteger(n) || n < 0)
        throw new CommandSyntaxError('a frame number (or current)');
      return action({ kind: 'seek', frame: Math.min(n, player.frameCount - 1) });
    }
    case 'time': {
      const seconds = Number(rest[0]);
      if (rest[0] === undefined || !Number.isFinite(seconds))
        throw new CommandSyntaxError('log time <seconds of game time>');
      return clock.seek(seconds * 1000);
    }
    case 'speed': {
      const value = rest[0] === 'max' ? 'max' : Number(rest[0]);
      if (value !== 'max' && !(value > 0))
        throw new CommandSyntaxError(`log speed (<factor ${MIN_GAME_SPEED} … ${MAX_GAME_SPEED}> | max)`);
      return action({ kind: 'speed', speed: value });
    }
    case 'cycle':
    case 'once':
      return action({ kind: 'loop', loop: word === 'cycle' });
  }
}

function requireReplay(replay: ReplayRobot | undefined): ReplayRobot {
  if (!replay) throw new CommandError('Only in replay mode (create a replay robot with sl).');
  return replay;
}

function frameNumber(text: string | undefined, replay: ReplayRobot | undefined): number {
  if (text === 'current' && replay) return Math.max(0, replay.player.current);
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < 0) throw new CommandSyntaxError('a frame number (or current)');
  return n;
}

/** The index of what `log ?` describes: the loaded log, or the recording. */
function indexOf(session: LogSession): LogIndex {
  if (session.replay) return session.replay.file.log.index;
  const builder = new IndexBuilder(identityTable());
  let offset = 0;
  for (const f of session.recorder.frames) {
    indexFrameBytes(builder, f.bytes, offset);
    offset += f.bytes.length;
  }
  return builder.build();
}

function save(console: CommandConsole, session: LogSession, file: string | undefined): string {
  const replay = session.replay;
  const name = file ?? (replay ? replay.file.path : `${console.name}.log`);
  const path = resolveLogPath(console.configRoot, name);
  if (replay && nodePath.resolve(path) === nodePath.resolve(replay.file.path))
    throw new CommandError(`log save: ${path} is the log being replayed; choose another name`);
  fs.mkdirSync(nodePath.dirname(path), { recursive: true });
  let index: LogIndex;
  if (replay) {
    index = saveLog(
      path,
      {
        settings: replay.file.log.settings,
        typeInfo: replay.file.log.header.typeInfoBytes,
        configuration: replay.recordedConfiguration,
      },
      session.editedReplayFrames(),
    );
  } else {
    const who = console.model.robotName;
    const settings = who
      ? {
          headName: who.headName,
          bodyName: who.bodyName,
          playerNumber: who.playerNumber,
          location: who.location,
          scenario: who.scenario,
        }
      : undefined;
    const typeInfo = console.model.typeInfo ? typeInfoToBytes(console.model.typeInfo) : undefined;
    index = saveLog(
      path,
      { settings, typeInfo, configuration: session.recorder.configuration },
      session.recorder.frames.map((f) => f.bytes),
    );
    session.savedFrames = [...session.recorder.frames];
  }
  console.print(`Saved ${index.frameOffsets.length} frames to ${path}`);
  return path;
}

/**
 * Saves what `console` recorded and `log save` has not written yet (a console leaving, e.g. because the robot
 * died), under `<robot>-<date>-<time>.log` in the log folder. Returns the path, or undefined when nothing was unsaved.
 */
export function saveUnsavedRecording(console: RobotConsole, now = new Date()): string | undefined {
  const session = logSession(console);
  const frames = session.recorder.frames;
  const saved = session.savedFrames;
  if (
    session.replay ||
    frames.length === 0 ||
    (saved && saved.length === frames.length && saved.every((f, i) => f === frames[i]))
  )
    return undefined;
  session.recorder.stop();
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return save(console, session, `${console.name.replace(/[^\w.-]/g, '_')}-${stamp}.log`);
}

function messageIds(words: readonly string[]): number[] {
  if (words.length === 0) throw new CommandSyntaxError('log keep|remove <MessageID> {<MessageID>}');
  return words.map((w) => {
    const id = messageIdByName(w);
    if (id === undefined || id >= numOfDataMessageIDs)
      throw new CommandError(`Unknown message id ${w} (use the full name, e.g. idCameraImage)`);
    return id;
  });
}

function filterIds(session: LogSession, word: 'keep' | 'remove', words: readonly string[]): void {
  if (words[0] === 'circlePercept') throw new CommandError('log keep circlePercept: this runtime has no CirclePercept');
  const ids = new Set(messageIds(words));
  const keep = word === 'keep' ? (id: number) => ids.has(id) : (id: number) => !ids.has(id);
  if (session.replay) {
    const edits = session.edits ?? { from: 0, to: session.replay.file.frameCount - 1 };
    const before = edits.keep;
    session.edits = { ...edits, keep: before ? (id) => before(id) && keep(id) : keep };
  } else {
    session.recorder.replace(editFrames(session.recorder.frames, 0, session.recorder.frames.length - 1, keep));
  }
}

function trim(session: LogSession, words: readonly string[]): void {
  const count = session.replay ? session.replay.file.frameCount : session.recorder.frames.length;
  let from = 0;
  let to = count - 1;
  const n = (i: number) => frameNumber(words[i], session.replay);
  if (words[0] === 'until' && words.length === 2) to = n(1);
  else if (words[0] === 'from' && words.length === 2) from = n(1);
  else if (words[0] === 'between' && words.length === 3) [from, to] = [n(1), n(2)];
  else throw new CommandSyntaxError('log trim (until <end> | from <start> | between <start> <end>)');
  if (session.replay) {
    const edits = session.edits ?? { from: 0, to: count - 1 };
    session.edits = { ...edits, from: Math.max(edits.from, from), to: Math.min(edits.to, to) };
  } else {
    session.recorder.replace(editFrames(session.recorder.frames, from, to));
  }
}

function moduleRequests(console: CommandConsole, session: LogSession, list: boolean): void {
  const table = console.model.moduleTable;
  if (!table) throw new CommandError('log mr: the module table has not arrived yet');
  const index = indexOf(session);
  const idNames = session.replay ? session.replay.file.log.idNames : messageIdNames;
  const lines = logModuleRequestLines(
    loggedRepresentations(index.threads, idNames),
    table.modules,
    table.configuration,
  );
  if (list) console.print(lines.join('\n') || 'Nothing to request.');
  else for (const line of lines) console.execute(line);
}

/** What `sl` and `sml` need to create robot consoles. */
export interface LogCommandOptions {
  /** The config/ folder (`Logs/` is under it; the replayed robots' configuration comes from it). */
  configRoot: string;
  /** Options of every created robot console. */
  consoleOptions?: RobotConsoleOptions;
  /** Wall clock (ms) for replay pacing. */
  now?: () => number;
  /** How long one slice of reading an MCAP file may run before the host gets a turn (ms; default 20). */
  sliceMs?: number;
  /** Called with each created replay robot (e.g. to add views). */
  onReplay?(console: RobotConsole, replay: ReplayRobot): void;
}

/** The log area: `log` for every robot, `sl` and `sml` (which add replayed robots to `controller`). */
export function logCommands(controller: ConsoleController, options: LogCommandOptions): CommandDescriptor[] {
  /** Adds the replay robot of an opened recording as `name` (`where`: the scenario/location `sl` was given). */
  /** Adds a replay robot as a robot console (an `sl` robot, or a variant's beside its original). */
  const attach = (replay: ReplayRobot): ReplayRobot => {
    const console = new RobotConsole(replay.name, replay.connection, {
      configRoot: options.configRoot,
      ...options.consoleOptions,
    });
    logSession(console).replay = replay;
    variantBook(logSession(console)).host = {
      add: (variant) => {
        const selection = controller.selection;
        attach(variant);
        controller.select(selection);
      },
      remove: (robot) => controller.removeRobot(robot),
    };
    controller.addRobot(console);
    options.onReplay?.(console, replay);
    return replay;
  };
  /** Adds the replay robot of an opened recording as `name` (`where`: the scenario/location `sl` was given). */
  const add = (name: string, file: FrameSource, where: { scenario?: string; location?: string } = {}): ReplayRobot =>
    attach(
      replayRobotOf(name, file, {
        configRoot: options.configRoot,
        now: options.now,
        warn: (line) => controller.print(line),
        ...where,
      }),
    );
  const sl: GlobalCommand = {
    name: 'sl',
    scope: 'global',
    usage: 'sl <name> <file> [<scenario> [<location>]]',
    summary:
      'Replay a log file as a robot (.log is added; relative names are under Logs/) with the module configuration ' +
      'it records, or with threads.cfg of <scenario>/<location>; logged representations come from the log.',
    run(args) {
      const name = args.next();
      const file = args.next();
      const scenario = args.next();
      const location = args.next();
      if (name === undefined || file === undefined || !args.done) throw new CommandSyntaxError(this.usage);
      if (file === 'remote') throw new CommandError('sl … remote is not supported');
      const path = resolveLogPath(options.configRoot, file);
      if (!fs.existsSync(path)) {
        controller.print('Log file not found!');
        return;
      }
      const failed = (e: unknown) => controller.print(`Error: ${errorText(e)}`);
      const replayAs = (source: FrameSource) => {
        try {
          const replay = add(name, source, { scenario, location });
          logSession(controller.robotConsole(name)!).group = [replay];
        } catch (e) {
          failed(e);
        }
      };
      let opening: FrameSource | Promise<FrameSource>;
      try {
        opening = openReplaySource(path, { sliceMs: options.sliceMs });
      } catch (e) {
        failed(e);
        return;
      }
      // An MCAP file opens in slices: the controller holds the following lines until the robot exists.
      if (opening instanceof Promise) return opening.then(replayAs, failed);
      replayAs(opening);
    },
  };
  const sml: GlobalCommand = {
    name: 'sml',
    scope: 'global',
    usage: 'sml (<directory> [<prefix>] | <file> <file> {<file>})',
    summary:
      'Replay every log of a directory (or the logs named) as robots on one clock, each named after its file (after ' +
      '<prefix>, which keeps them apart from robots of the same names, e.g. run2_ for a test run). The logs of one ' +
      'game (npm run sim -- --record, with its game.log) play on the game clock, aligned by GameController packets.',
    run(args) {
      const words = args.rest().map((t) => t.text);
      if (words.length === 0) throw new CommandSyntaxError(this.usage);
      if (words.length >= 2 && words.every((w) => LOG_FILE.test(w)))
        return replayLogs(
          controller,
          words.map((w) => resolveLogPath(options.configRoot, w)),
          '',
          options,
          add,
        );
      if (words.length > 2) throw new CommandSyntaxError(this.usage);
      return replayDirectory(controller, words[0]!, words[1] ?? '', options, add);
    },
  };
  return [logCommand, sl, sml];
}

/** A file name `sml` takes as a log rather than a directory. */
const LOG_FILE = /\.(log|mcap)$/i;

/** `sml <directory>`: the logs of the directory (see replayLogs). */
async function replayDirectory(
  controller: ConsoleController,
  dir: string,
  prefix: string,
  options: LogCommandOptions,
  add: (name: string, file: FrameSource) => ReplayRobot,
): Promise<void> {
  const folder = configFilePath(options.configRoot, 'Logs', dir);
  let names: string[];
  try {
    names = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.log'))
      .sort();
  } catch {
    controller.print(`Error: cannot read the directory ${folder}`);
    return;
  }
  if (names.length === 0) {
    controller.print(`No logs in ${folder}`);
    return;
  }
  return replayLogs(
    controller,
    names.map((f) => `${folder}/${f}`),
    prefix,
    options,
    add,
  );
}

/**
 * `sml`: opens the logs one after the other (an MCAP file among them in slices), then starts them together. A game
 * recording among them (gameRecording.ts) is no robot: with it, or with several robots, the robots form a game
 * replayed on one clock (GameSession).
 */
async function replayLogs(
  controller: ConsoleController,
  files: readonly string[],
  prefix: string,
  options: LogCommandOptions,
  add: (name: string, file: FrameSource) => ReplayRobot,
): Promise<void> {
  const group: ReplayRobot[] = [];
  const consoles: RobotConsole[] = [];
  let recording: FrameSource | undefined;
  for (const path of files) {
    const file = nodePath.basename(path);
    const robot = `${prefix}${file.replace(LOG_FILE, '')}`.replace(/[^A-Za-z0-9_]/g, '_');
    try {
      const source = await openReplaySource(path, { sliceMs: options.sliceMs });
      if (isGameRecording(source.threads) && !recording) {
        recording = source;
        continue;
      }
      group.push(add(robot, source));
      consoles.push(controller.robotConsole(robot)!);
    } catch (e) {
      controller.print(`Error: ${file}: ${errorText(e)}`);
    }
  }
  // One clock: start, pause, stop, loop and speed act on all of them together.
  for (const c of consoles) logSession(c).group = group;
  let game: GameSession | undefined;
  if (recording || group.length > 1) {
    try {
      game = new GameSession(
        new Map(group.map((r, i) => [consoles[i]!.name, r])),
        recording,
        options.now ?? (() => performance.now()),
      );
      for (const c of consoles) logSession(c).game = game;
      const a = game.alignment;
      controller.print(
        `Game of ${group.length} robots${recording ? ` with ${nodePath.basename(recording.path)}` : ''}: clocks ` +
          (a.method === 'gameController'
            ? `aligned by GameController packets on the clock of ${a.reference} (${[...a.robots]
                .map(([n, c]) => `${n} ${c.offset >= 0 ? '+' : ''}${c.offset} ms`)
                .join(', ')})`
            : 'taken as they are (no GameController packets in the logs)'),
      );
    } catch (e) {
      controller.print(`Error: cannot align the game's clocks: ${errorText(e)}`);
      recording?.close();
    }
  }
  if (game) {
    game.clock.stop();
    game.clock.play();
    return;
  }
  for (const replay of group) replay.player.stop();
  for (const replay of group) replay.player.play();
}
