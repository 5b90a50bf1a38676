/**
 * @file Everything a console learns about one robot from the messages it receives: announced debug requests,
 * type info, module table and configuration, drawing managers and drawings, plots, debug data answers, the
 * latest streamed data per thread. It only reads messages (never sends), so the same model serves a live robot,
 * a simulated one and a log replay.
 */
import { decode } from '@robot-runtime/protocol/binary';
import { ConfigurationType, type Configuration } from '@robot-runtime/core/config/Configuration';
import { decodeDebugDataResponse } from '@robot-runtime/protocol/debugMessages/debugData';
import { decodeDebugImage, type DebugImageMessage } from '@robot-runtime/protocol/debugMessages/debugImage';
import { decodeDebugResponse } from '@robot-runtime/protocol/debugMessages/debugResponse';
import { decodeDrawing2D } from '@robot-runtime/protocol/debugMessages/drawing2d';
import { decodeDrawing3D } from '@robot-runtime/protocol/debugMessages/drawing3d';
import { decodeDrawingManager } from '@robot-runtime/protocol/debugMessages/drawingManager';
import { decodeModuleTable, type ModuleTableEntry } from '@robot-runtime/protocol/debugMessages/moduleTable';
import { decodePlot } from '@robot-runtime/protocol/debugMessages/plot';
import { RequestPrefixes, translateRequestName } from '@robot-runtime/protocol/debugMessages/requestNames';
import { decodeRobotName, type RobotName } from '@robot-runtime/protocol/debugMessages/robotName';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { decodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { frameThreadName } from '@robot-runtime/protocol/messageQueue/frames';
import { MessageID, messageIdName, representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromBytes } from '@robot-runtime/protocol/typeInfo/stream';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { TypeInfoTypes } from '../typeData';
import { DrawingStore } from './DrawingStore';
import { NameCap } from './NameCap';
import { PlotStore } from './PlotStore';
import { PollState, type Prerequisite, type PrerequisiteStatus } from './PollState';
import { RequestTable } from './RequestTable';
import { TimingStore } from './TimingStore';
import { ViewStore, type DrawingView } from './ViewStore';
import type { Shape2D } from '@robot-runtime/protocol/debugMessages/drawing2d';

/** The name under which messages outside any frame are filed: they come from the robot's Debug thread. */
export const DEBUG_THREAD = 'Debug';

/** Threads a console keeps data of (B-Human has five; frames of further new threads are ignored). */
export const MAX_THREADS = 64;
/** Debug images kept per thread (each can be megabytes). */
export const MAX_DEBUG_IMAGES_PER_THREAD = 64;
/** Debug data answers (`get`, `set`) kept per thread. */
export const MAX_DEBUG_DATA_PER_THREAD = 4096;

/** The module table as the console keeps it. */
export interface ModuleTableState {
  readonly modules: ModuleTableEntry[];
  configuration: Configuration;
}

/** One answer to `get`: the object's type name and bytes, numbered so waiting commands can tell new from old. */
export interface DebugDataEntry {
  readonly type: string;
  readonly data: Uint8Array;
  readonly seq: number;
}

/** Things the model reports as they happen (the console turns them into output and events). */
export interface ModelListener {
  /** An idText message. */
  text(thread: string, text: string): void;
  /** The robot asks the console to execute a command (idConsole). */
  consoleLine(line: string): void;
  /** A data message (representation) arrived in a frame of `thread`. */
  data(thread: string, message: Message): void;
  /** A frame of `thread` is complete (views may repaint). */
  frame(thread: string): void;
  /** A message could not be decoded. */
  malformed(thread: string, message: Message, error: unknown): void;
  /** Any message, after the model has applied it (for consumers that decode other kinds themselves). */
  message(thread: string, message: Message): void;
  /** A per-name table reached its maximum and refused a new name (said once per table). */
  limit(text: string): void;
}

/** The robot state of one console. */
export class RobotModel {
  private readonly reportLimit = (text: string): void => this.listener.limit(text);
  readonly requests = new RequestTable(this.reportLimit);
  readonly drawings = new DrawingStore();
  readonly views = new ViewStore();
  readonly plots = new PlotStore(this.reportLimit);
  /** Stopwatch data per thread (sent while `timing` is active). */
  readonly timing = new TimingStore(undefined, this.reportLimit);
  readonly poll: PollState;
  typeInfo: TypeInfo | undefined;
  /** Descriptors for the received TypeInfo (undefined until one arrived). */
  types: TypeInfoTypes | undefined;
  moduleTable: ModuleTableState | undefined;
  robotName: RobotName | undefined;
  /** Latest debug data answers: thread -> console key -> entry. */
  readonly debugData = new Map<string, Map<string, DebugDataEntry>>();
  /** Latest payload of each data message per thread: thread -> message id -> payload. */
  readonly latestData = new Map<string, Map<number, Uint8Array>>();
  /** Latest debug image per thread and id. */
  readonly debugImages = new Map<string, Map<string, DebugImageMessage>>();
  /** Threads seen in frames, in order of appearance. */
  private readonly seenThreads: string[] = [];
  /** The same threads as a set (for the thread cap). */
  private readonly knownThreads = new Set<string>();
  private currentThread: string | undefined;
  /** True inside a frame of a thread refused by the thread cap: its messages are dropped. */
  private ignoringFrame = false;
  private debugDataSeq = 0;
  private readonly threadCap = new NameCap('threads', MAX_THREADS, this.reportLimit);
  private readonly debugImageCap = new NameCap(
    'debug images per thread',
    MAX_DEBUG_IMAGES_PER_THREAD,
    this.reportLimit,
  );
  private readonly debugDataCap = new NameCap(
    'debug data names per thread',
    MAX_DEBUG_DATA_PER_THREAD,
    this.reportLimit,
  );

  constructor(
    private readonly listener: ModelListener,
    pollTimeoutMs: number,
  ) {
    this.poll = new PollState(pollTimeoutMs);
  }

  /** The robot's threads: from its configuration when known, otherwise those seen in frames. */
  get threads(): string[] {
    return this.moduleTable ? this.moduleTable.configuration.threads.map((t) => t.name) : [...this.seenThreads];
  }

  /** Number of threads when known for sure (from the module table). */
  get threadCount(): number | undefined {
    return this.moduleTable?.configuration.threads.length;
  }

  /** Where a prerequisite stands. */
  status(p: Prerequisite): PrerequisiteStatus {
    return this.poll.status(p, this.threadCount);
  }

  /** The sequence number the next debug data answer will get (commands remember it to wait for fresh data). */
  get nextDebugDataSeq(): number {
    return this.debugDataSeq + 1;
  }

  /** The latest debug data answer for console key `key` from `thread`. */
  debugDataOf(thread: string, key: string): DebugDataEntry | undefined {
    return this.debugData.get(thread)?.get(key);
  }

  /** Records data the console set itself (so a later partial `set` starts from it). */
  storeDebugData(thread: string, key: string, type: string, data: Uint8Array): void {
    let byKey = this.debugData.get(thread);
    if (!byKey) this.debugData.set(thread, (byKey = new Map()));
    if (!this.debugDataCap.admits(byKey, key)) return;
    byKey.set(key, { type, data, seq: ++this.debugDataSeq });
  }

  /**
   * What a field or image view shows now: for each of its drawings (in painting order) the latest shapes per
   * thread. Field views collect a drawing from every thread; image views only from their own thread.
   */
  viewDrawings(view: DrawingView): { drawing: string; thread: string; shapes: Shape2D[] }[] {
    const threads = view.kind === 'image' ? [view.thread] : this.threadsWithDrawings();
    const result: { drawing: string; thread: string; shapes: Shape2D[] }[] = [];
    for (const drawing of view.drawings) {
      for (const thread of threads) {
        const shapes = this.drawings.shapes(thread, drawing);
        if (shapes && shapes.length > 0) result.push({ drawing, thread, shapes });
      }
    }
    return result;
  }

  private threadsWithDrawings(): string[] {
    const threads = this.threads;
    for (const t of this.drawings.threadsWithManager) if (!threads.includes(t)) threads.push(t);
    return threads;
  }

  /** Applies one received message. Never throws: decoding problems are reported to the listener. */
  apply(message: Message): void {
    const thread = this.currentThread ?? DEBUG_THREAD;
    try {
      this.applyUnchecked(message, thread);
    } catch (error) {
      this.listener.malformed(thread, message, error);
    }
    this.listener.message(thread, message);
  }

  private applyUnchecked(message: Message, thread: string): void {
    const { id, payload } = message;
    if (this.ignoringFrame && id !== MessageID.idFrameBegin && id !== MessageID.idFrameFinished) return;
    switch (id) {
      case MessageID.idFrameBegin: {
        const name = frameThreadName(payload) || DEBUG_THREAD;
        this.ignoringFrame = false;
        if (name !== DEBUG_THREAD && !this.seenThreads.includes(name)) {
          if (!this.threadCap.admits(this.knownThreads, name)) {
            this.ignoringFrame = true;
            this.currentThread = undefined;
            return;
          }
          this.seenThreads.push(name);
          this.knownThreads.add(name);
        }
        this.currentThread = name;
        return;
      }
      case MessageID.idFrameFinished:
        if (this.ignoringFrame) {
          this.ignoringFrame = false;
          return;
        }
        this.currentThread = undefined;
        this.drawings.finishFrame(thread);
        this.listener.frame(thread);
        return;
      case MessageID.idDebugResponse: {
        const response = decodeDebugResponse(payload);
        if (response.kind === 'pollingFinished') this.poll.pollingFinishedCount++;
        else this.requests.announce(thread, response.name, response.enabled);
        return;
      }
      case MessageID.idTypeInfo:
        this.typeInfo = typeInfoFromBytes(payload);
        this.types = new TypeInfoTypes(this.typeInfo);
        this.poll.typeInfoReceived = true;
        return;
      case MessageID.idModuleTable: {
        const table = decodeModuleTable(payload);
        this.moduleTable = { modules: table.modules, configuration: decode(ConfigurationType, table.configuration) };
        this.poll.moduleTableReceived = true;
        return;
      }
      case MessageID.idDrawingManager:
        this.drawings.setManager(thread, decodeDrawingManager(payload));
        this.poll.drawingManagerThreads.add(thread);
        return;
      case MessageID.idDrawingManager3D:
        this.drawings.setManager3D(thread, decodeDrawingManager(payload));
        return;
      case MessageID.idDebugDrawing: {
        const drawing = decodeDrawing2D(payload);
        this.drawings.add(thread, drawing.drawingId, drawing.shape);
        return;
      }
      case MessageID.idDebugDrawing3D: {
        const drawing = decodeDrawing3D(payload);
        this.drawings.add3D(thread, drawing.drawingId, drawing.shape);
        return;
      }
      case MessageID.idStopwatch:
        this.timing.add(thread, decodeStopwatch(payload));
        return;
      case MessageID.idPlot: {
        const plot = decodePlot(payload);
        this.plots.add(thread, plot.id, plot.value);
        return;
      }
      case MessageID.idDebugDataResponse: {
        const response = decodeDebugDataResponse(payload);
        // Accept the name with or without the request prefix; the console keys data by its translated name.
        const name = response.name.startsWith(RequestPrefixes.debugData)
          ? response.name.slice(RequestPrefixes.debugData.length)
          : response.name;
        this.storeDebugData(thread, translateRequestName(name), response.type, response.data.slice());
        return;
      }
      case MessageID.idDebugImage: {
        const image = decodeDebugImage(payload);
        let byId = this.debugImages.get(thread);
        if (!byId) this.debugImages.set(thread, (byId = new Map()));
        if (this.debugImageCap.admits(byId, image.id)) byId.set(image.id, image);
        return;
      }
      case MessageID.idText:
        this.listener.text(thread, decodeTextMessage(payload));
        return;
      case MessageID.idConsole:
        this.listener.consoleLine(decodeTextMessage(payload));
        return;
      case MessageID.idRobotName:
        this.robotName = decodeRobotName(payload);
        return;
      default:
        if (representationForMessageId(id) !== undefined) {
          let byId = this.latestData.get(thread);
          if (!byId) this.latestData.set(thread, (byId = new Map()));
          byId.set(id, payload);
          this.listener.data(thread, message);
        }
    }
  }
}

/** A readable name for a message id (for error messages). */
export function describeMessageId(id: number): string {
  return messageIdName(id) ?? `message ${id}`;
}
