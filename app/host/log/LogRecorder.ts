/**
 * @file Remote logging in the console (`log start/stop/clear`, formats §1.5): while recording, every frame the
 * robot sends is kept with its data messages (ids between idFrameFinished and numOfDataMessageIDs), serialized
 * at once so that memory holds one compact buffer per frame. The recording is edited (`keep`, `remove`, `trim`)
 * in place and saved with the robot's type info. While recording, the robot is asked for its FrameInfo in every
 * thread, so each frame carries its own time and plays back at its real pace, whatever else was requested.
 * The recorder also keeps the module configuration the robot ran with when its first frame was recorded (from the
 * robot's module table), which `log save` writes into the log so that a replay starts from it.
 */
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { frameThreadName } from '@robot-runtime/protocol/messageQueue/frames';
import { MessageID, numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import type { CommandConsole } from '../console/commands/types';
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';
import { cloneConfiguration, type Configuration } from '@robot-runtime/core/config/Configuration';

/** The request that makes every thread stream its FrameInfo (the frames' own time stamps). */
const FRAME_TIME_REQUEST = 'representation:FrameInfo';

/** One recorded frame. */
export interface RecordedFrame {
  thread: string;
  /** The serialized frame (idFrameBegin … idFrameFinished) in our numbering. */
  bytes: Uint8Array;
  messages: Message[];
}

/** Whether `id` is a loggable data message (not framing, not infrastructure). */
export function isDataMessage(id: number): boolean {
  return id > MessageID.idFrameFinished && id < numOfDataMessageIDs;
}

/** Records the frames one robot console receives. */
export class LogRecorder {
  frames: RecordedFrame[] = [];
  /** The robot's module configuration when the first recorded frame arrived (undefined before it is known). */
  configuration: Configuration | undefined;
  private recording = false;
  private open: { thread: string; messages: Message[] } | undefined;
  private unsubscribe: Unsubscribe | undefined;
  /** Whether this recorder switched the FrameInfo request on (and so switches it off again at stop). */
  private frameTimeSwitched = false;

  constructor(private readonly console: CommandConsole) {}

  /** True while frames are being recorded. */
  get isRecording(): boolean {
    return this.recording;
  }

  /** Total bytes of the recorded frames. */
  get bytes(): number {
    let n = 0;
    for (const f of this.frames) n += f.bytes.length;
    return n;
  }

  /** `log start`: records frames from now on (appending to what was recorded). */
  start(): void {
    this.recording = true;
    this.unsubscribe ??= this.console.on('message', ({ message }) => this.onMessage(message));
    this.requestFrameTimes();
  }

  /** `log stop`: stops recording (a frame in progress is dropped). */
  stop(): void {
    this.recording = false;
    this.open = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.frameTimeSwitched && this.console.connection.state === 'connected') {
      try {
        this.console.switchRequest(FRAME_TIME_REQUEST, false);
      } catch {
        // The robot no longer announces it (restarted): nothing to switch off.
      }
    }
    this.frameTimeSwitched = false;
  }

  /** Switches FrameInfo on unless it is on already; before the robot was polled, retried on every frame. */
  private requestFrameTimes(): void {
    if (
      this.frameTimeSwitched ||
      !this.console.model.requests.get(FRAME_TIME_REQUEST) ||
      this.console.isRequestOn(FRAME_TIME_REQUEST)
    )
      return;
    try {
      this.console.switchRequest(FRAME_TIME_REQUEST, true);
      this.frameTimeSwitched = true;
    } catch {
      // Not announced after all: frames are kept without times (they replay as fast as they are read).
    }
  }

  /**
   * Keeps the configuration the robot runs now unless one is kept already. The module table arrives with the first
   * poll, so a recording started at once learns it a few frames in; module requests sent later do not replace it.
   */
  private noteConfiguration(): void {
    const table = this.console.model.moduleTable;
    if (this.configuration === undefined && table) this.configuration = cloneConfiguration(table.configuration);
  }

  /** `log clear`. */
  clear(): void {
    this.frames = [];
    this.configuration = undefined;
  }

  /** Replaces the frames (after an edit). */
  replace(frames: RecordedFrame[]): void {
    this.frames = frames;
  }

  private onMessage(message: Message): void {
    if (!this.recording) return;
    if (message.id === MessageID.idFrameBegin) {
      this.open = { thread: frameThreadName(message.payload), messages: [] };
    } else if (message.id === MessageID.idFrameFinished) {
      this.requestFrameTimes();
      const open = this.open;
      this.open = undefined;
      if (open && open.messages.length > 0) {
        if (this.frames.length === 0) this.configuration = undefined; // a new recording: its own configuration
        this.noteConfiguration();
        this.frames.push(recordedFrame(open.thread, open.messages));
      }
    } else if (this.open && isDataMessage(message.id)) {
      this.open.messages.push(message);
    }
  }
}

/** Keeps only frames `from`..`to` (inclusive) and, when given, only messages `keep` says yes to; empty frames are dropped. */
export function editFrames(
  frames: readonly RecordedFrame[],
  from: number,
  to: number,
  keep?: (id: number) => boolean,
): RecordedFrame[] {
  const result: RecordedFrame[] = [];
  for (let i = Math.max(0, from); i <= Math.min(to, frames.length - 1); i++) {
    const f = frames[i]!;
    if (!keep) {
      result.push(f);
      continue;
    }
    const messages = f.messages.filter((m) => keep(m.id));
    if (messages.length === 0) continue;
    result.push(messages.length === f.messages.length ? f : recordedFrame(f.thread, messages));
  }
  return result;
}

/**
 * Serializes a frame once; the kept messages are views into that one buffer, so a recording holds every byte
 * once and never references the console's receive buffers.
 */
export function recordedFrame(thread: string, messages: readonly Message[]): RecordedFrame {
  const bytes = frameBytes(thread, messages);
  const views: Message[] = [];
  let pos = 8 + new TextEncoder().encode(thread).length;
  for (const m of messages) {
    views.push({ id: m.id, payload: bytes.subarray(pos + 4, pos + 4 + m.payload.length) });
    pos += 4 + m.payload.length;
  }
  return { thread, bytes, messages: views };
}
