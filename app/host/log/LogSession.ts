/**
 * @file The logging state of one robot console: its recorder, and for a replayed robot the replay (and the
 * robots replayed together with it by `sml`, and the game they were recorded in), plus the edits (`keep`, `remove`, `trim`) waiting for `log save`.
 */
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import type { CommandConsole } from '../console/commands/types';
import { LogRecorder } from './LogRecorder';
import type { GameSession } from './GameSession';
import type { ReplayRobot } from './ReplayRobot';
import { CONFIGURATION_MESSAGE_ID } from './recordedConfiguration';

/** Edits of a replayed log, applied when it is saved (frame numbers are the loaded log's). */
export interface ReplayEdits {
  from: number;
  to: number;
  /** Whether a message id stays; undefined keeps all. */
  keep?: (id: number) => boolean;
}

/** Logging state of one console. */
export class LogSession {
  readonly recorder: LogRecorder;
  replay: ReplayRobot | undefined;
  /** All robots replayed on one clock with this one (itself included); just itself after `sl`. */
  group: ReplayRobot[] = [];
  /** The game this robot is replayed in (`sml` of a game's logs): its robots play on the game's clock. */
  game: GameSession | undefined;
  edits: ReplayEdits | undefined;
  /** The recorder's frames that `log save` last wrote (the recording is unsaved while this differs). */
  savedFrames: readonly unknown[] | undefined;

  constructor(console: CommandConsole) {
    this.recorder = new LogRecorder(console);
  }

  /** The serialized frames `log save` writes in replay mode: the loaded log with the pending edits applied. */
  *editedReplayFrames(): Generator<Uint8Array> {
    const replay = this.replay!;
    const edits = this.edits ?? { from: 0, to: replay.file.frameCount - 1 };
    for (let i = Math.max(0, edits.from); i <= Math.min(edits.to, replay.file.frameCount - 1); i++) {
      const frame = replay.file.readFrame(i);
      // The recorded configuration is written again into the first saved frame (saveLog), wherever the edits start.
      const messages = frame.messages.filter(
        (m) => m.id !== CONFIGURATION_MESSAGE_ID && (!edits.keep || edits.keep(m.id)),
      );
      if (messages.length > 0) yield frameBytes(frame.thread, messages);
    }
  }
}

const sessions = new WeakMap<CommandConsole, LogSession>();

/** The logging state of `console` (created on first use). */
export function logSession(console: CommandConsole): LogSession {
  let session = sessions.get(console);
  if (!session) sessions.set(console, (session = new LogSession(console)));
  return session;
}
