import { decodeInto, encode } from '../../protocol/binary/encode';
import { encodeAnnotation } from '../../protocol/debugMessages/annotation';
import { decodeDebugDataChangeRequest, encodeDebugDataResponse } from '../../protocol/debugMessages/debugData';
import { encodeDebugImage } from '../../protocol/debugMessages/debugImage';
import { decodeDebugRequest } from '../../protocol/debugMessages/debugRequest';
import { encodeDebugResponse } from '../../protocol/debugMessages/debugResponse';
import { encodeDrawingManager } from '../../protocol/debugMessages/drawingManager';
import { encodePlot } from '../../protocol/debugMessages/plot';
import { RequestNames, RequestPrefixes, stopwatchPlotId } from '../../protocol/debugMessages/requestNames';
import { encodeStopwatch } from '../../protocol/debugMessages/stopwatch';
import { encodeTextMessage } from '../../protocol/debugMessages/textMessage';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import type { TypeRef } from '../../protocol/types';
import type { Clock } from '../Clock';
import type { DebugContext, DebugImage, Drawing2D, Drawing3D } from './DebugContext';
import { DebugRequestTable, MAX_ACTIVE_REQUESTS, MAX_REQUEST_NAME_LENGTH } from './DebugRequestTable';
import { Drawing2DWriter } from './Drawing2DWriter';
import { Drawing3DWriter } from './Drawing3DWriter';
import { DrawingManager } from './DrawingManager';
import type { FrameDebugger } from './FrameDebugger';
import { StopwatchTable } from './StopwatchTable';

/** Annotations kept for the logger at most; without a logger taking them, the oldest are dropped. */
const MAX_PENDING_ANNOTATIONS = 1000;
/** MODIFY overrides one thread holds at most (names; a robot has some hundred MODIFY points) … */
export const MAX_OVERRIDES = 1024;
/** … and their bytes in all (parameter sets are small; images are not set through MODIFY). */
export const MAX_OVERRIDE_BYTES = 16 * 1024 * 1024;

/** What a ThreadDebugger needs from its thread. */
export interface ThreadDebuggerOptions {
  /** Measures stopwatches (Clock.micros) – injected so simulated runs stay deterministic. */
  clock: Clock;
  /** Used in error texts, so the console can tell which thread complained. */
  threadName?: string;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** What a frame without outgoing messages returns (read-only). */
const NO_MESSAGES: Message[] = Object.freeze([]) as unknown as Message[];

/**
 * One thread's debugging (B-Human's per-thread debug tables and outputs): it switches debug requests, answers
 * polling, numbers drawings, measures stopwatches, holds MODIFY overrides, and collects the frame's outgoing
 * messages. Everything optional is only computed and serialized while its request is on. Messages produced
 * between frames (errors about malformed incoming messages) are returned by the next endFrame().
 */
export class ThreadDebugger implements FrameDebugger {
  readonly context: DebugContext;
  /** The request switches (exposed for the framework, e.g. to check requests without announcing them). */
  readonly requests = new DebugRequestTable();
  private readonly clock: Clock;
  private readonly threadName: string;
  private readonly drawings2d = new DrawingManager();
  private readonly drawings3d = new DrawingManager();
  private readonly stopwatches = new StopwatchTable();
  /** MODIFY overrides by name: the bytes are applied over the object every frame until released. */
  private readonly overrides = new Map<string, Uint8Array>();
  /** Bytes held by `overrides` (bounded by MAX_OVERRIDE_BYTES). */
  private overrideBytes = 0;
  /** Names of overrides a MODIFY of this thread has read: they are kept when the console leaves. */
  private readonly usedOverrides = new Set<string>();
  private readonly writer2d: Drawing2DWriter;
  private readonly writer3d: Drawing3DWriter;
  private out: Message[] = [];
  private frameAnnotations: Message[] = [];
  private pendingAnnotations: Message[] = [];
  private annotationCounter = 0;
  private frameNumber = 0;
  private threadStartTime = 0;
  /** The messages of the last frame (its drawings are sent again with answers served while the thread is idle). */
  private lastFrame: readonly Message[] = NO_MESSAGES;
  /** The last value each MODIFY saw (objects by reference), so a `get` is answered while the thread is idle. */
  private readonly modified = new Map<string, { readonly type: TypeRef<unknown>; readonly value: unknown }>();

  constructor(options: ThreadDebuggerOptions) {
    this.clock = options.clock;
    this.threadName = options.threadName ?? 'thread';
    this.writer2d = new Drawing2DWriter((payload) => this.emit(MessageID.idDebugDrawing, payload));
    this.writer3d = new Drawing3DWriter((payload) => this.emit(MessageID.idDebugDrawing3D, payload));
    this.context = this.createContext();
  }

  handle(message: Message): void {
    try {
      if (message.id === MessageID.idDebugRequest) {
        const request = decodeDebugRequest(message.payload);
        if (!this.requests.apply(request.name, request.enable)) {
          // A name over the bound is not repeated: it may be megabytes.
          const what =
            request.name.length > MAX_REQUEST_NAME_LENGTH
              ? `a debug request whose name has ${request.name.length} characters (at most ${MAX_REQUEST_NAME_LENGTH})`
              : `debug request ${request.name}: ${MAX_ACTIVE_REQUESTS} are on already`;
          this.text(`Error: ${this.threadName} refused ${what}`);
        }
        // Overrides no MODIFY ever read (names that exist nowhere) are junk once the console switches all off.
        if (request.name === RequestNames.disableAll)
          for (const name of [...this.overrides.keys()]) if (!this.usedOverrides.has(name)) this.release(name);
      } else if (message.id === MessageID.idDebugDataChangeRequest) {
        const change = decodeDebugDataChangeRequest(message.payload);
        this.release(change.name);
        if (change.data) this.hold(change.name, change.data);
      }
    } catch (e) {
      this.text(`Error: ${this.threadName} ignored a malformed message ${message.id}: ${errorText(e)}`);
    }
  }

  /** MODIFY overrides held (bounded by MAX_OVERRIDES names and MAX_OVERRIDE_BYTES). */
  get heldOverrides(): { count: number; bytes: number } {
    return { count: this.overrides.size, bytes: this.overrideBytes };
  }

  private hold(name: string, data: Uint8Array): void {
    if (name.length > MAX_REQUEST_NAME_LENGTH) {
      this.text(`Error: ${this.threadName} refused debug data named by ${name.length} characters`);
      return;
    }
    if (this.overrides.size >= MAX_OVERRIDES || this.overrideBytes + data.length > MAX_OVERRIDE_BYTES) {
      this.text(
        `Error: ${this.threadName} refused debug data ${name}: at most ${MAX_OVERRIDES} overrides of ${MAX_OVERRIDE_BYTES} bytes in all`,
      );
      return;
    }
    // Copy: the payload may be a view into a receive buffer that is reused.
    this.overrides.set(name, data.slice());
    this.overrideBytes += data.length;
  }

  private release(name: string): void {
    const held = this.overrides.get(name);
    if (!held) return;
    this.overrides.delete(name);
    this.overrideBytes -= held.length;
    this.usedOverrides.delete(name);
  }

  beginFrame(frameNumber: number, threadStartTimeMs: number): void {
    this.frameNumber = frameNumber;
    this.threadStartTime = threadStartTimeMs;
    this.stopwatches.resetFrame();
    if (this.frameAnnotations.length) this.frameAnnotations = [];
  }

  measure<T>(name: string, fn: () => T): T {
    // Stopwatch times are only ever sent while timing (or a stopwatch plot) is requested; with no request at all,
    // as in most simulated robots most of the time, reading the clock twice per module is pure overhead.
    if (this.requests.idle) return fn();
    const id = this.stopwatches.id(name);
    const start = this.clock.micros();
    try {
      return fn();
    } finally {
      const elapsed = this.clock.micros() - start;
      if (id !== undefined) this.stopwatches.add(id, elapsed);
      if (!this.requests.idle && this.check(RequestPrefixes.plot + stopwatchPlotId(name)))
        this.emitPlot(stopwatchPlotId(name), elapsed / 1000);
    }
  }

  modify<V>(name: string, type: TypeRef<V>, value: V): V {
    if (this.modified.get(name)?.value !== value) this.modified.set(name, { type: type as TypeRef<unknown>, value });
    let current = value;
    const held = this.overrides.get(name);
    if (held) {
      this.usedOverrides.add(name);
      try {
        current = decodeInto(type, held, value);
      } catch (e) {
        // Dropped so that one bad `set` reports once instead of every frame; the object stays untouched.
        this.release(name);
        this.text(`Error: cannot apply debug data ${name} as ${type.typeName}: ${errorText(e)}`);
      }
    }
    if (this.checkPrefixed(RequestPrefixes.debugData, name)) {
      // A `get` is answered once (B-Human's DEBUG_RESPONSE_ONCE), after the override so it shows what is used.
      this.requests.disable(RequestPrefixes.debugData + name);
      try {
        this.emit(
          MessageID.idDebugDataResponse,
          encodeDebugDataResponse({ name, type: type.typeName, data: encode(type, current) }),
        );
      } catch (e) {
        this.text(`Error: cannot send debug data ${name}: ${errorText(e)}`);
      }
    }
    return current;
  }

  outputRepresentation<V>(name: string, messageId: number | undefined, type: TypeRef<V>, value: V): void {
    if (messageId === undefined || !this.checkPrefixed(RequestPrefixes.representation, name)) return;
    try {
      this.emit(messageId, encode(type, value));
    } catch (e) {
      this.text(`Error: cannot send representation ${name}: ${errorText(e)}`);
    }
  }

  endFrame(): Message[] {
    this.drawingManagers();
    if (this.check(RequestNames.timing) && this.stopwatches.size > 0) {
      this.emit(MessageID.idStopwatch, encodeStopwatch(this.stopwatches.frame(this.threadStartTime, this.frameNumber)));
    }
    if (this.check(RequestNames.annotation)) for (const a of this.frameAnnotations) this.out.push(a);
    if (this.frameAnnotations.length) this.frameAnnotations = [];
    if (this.requests.endFrame())
      this.emit(MessageID.idDebugResponse, encodeDebugResponse({ kind: 'pollingFinished' }));
    // Most frames of most simulated robots send nothing: they share one empty list instead of a new one each.
    if (this.out.length === 0) return (this.lastFrame = NO_MESSAGES);
    const messages = this.out;
    this.out = [];
    return (this.lastFrame = messages);
  }

  /**
   * What the thread answers while it does not run (its simulation is paused), as a frame of its own: a polling
   * phase finished with the names the last one found, the drawing managers, and `get` from the values MODIFY saw
   * last. Those are what the next frame would send, as nothing changed. The last frame's drawings come along so
   * that views (which show a thread's latest frame) keep them. Nothing (no frame) when nothing was asked.
   */
  serveIdle(): Message[] {
    if (this.requests.idle) return NO_MESSAGES;
    const polled = this.requests.finishPollingIdle();
    if (polled) {
      for (const name of polled)
        this.emit(
          MessageID.idDebugResponse,
          encodeDebugResponse({ kind: 'request', name, enabled: this.requests.isActive(name) }),
        );
    }
    this.drawingManagers();
    for (const [name, { type, value }] of this.modified) {
      if (!this.requests.isActive(RequestPrefixes.debugData + name)) continue;
      this.requests.disable(RequestPrefixes.debugData + name);
      this.emit(
        MessageID.idDebugDataResponse,
        encodeDebugDataResponse({ name, type: type.typeName, data: encode(type, value) }),
      );
    }
    if (polled) this.emit(MessageID.idDebugResponse, encodeDebugResponse({ kind: 'pollingFinished' }));
    if (this.out.length === 0) return NO_MESSAGES;
    const drawings = this.lastFrame.filter(
      (m) => m.id === MessageID.idDebugDrawing || m.id === MessageID.idDebugDrawing3D,
    );
    const messages = [...drawings, ...this.out];
    this.out = [];
    return messages;
  }

  /** The drawing managers, when asked for (once). */
  private drawingManagers(): void {
    if (this.check(RequestNames.drawingManager)) {
      this.requests.disable(RequestNames.drawingManager);
      this.emit(MessageID.idDrawingManager, encodeDrawingManager(this.drawings2d.table()));
    }
    if (this.check(RequestNames.drawingManager3D)) {
      this.requests.disable(RequestNames.drawingManager3D);
      this.emit(MessageID.idDrawingManager3D, encodeDrawingManager(this.drawings3d.table()));
    }
  }

  /** The idAnnotation messages collected since the last call (always collected, for the logger). */
  takeAnnotations(): Message[] {
    const taken = this.pendingAnnotations;
    this.pendingAnnotations = [];
    return taken;
  }

  /** OUTPUT_TEXT: always sent (text is explicit output, not a request). */
  text(message: string): void {
    this.emit(MessageID.idText, encodeTextMessage(message));
  }

  /** ANNOTATION: numbered with this thread's running counter; kept for the logger and sent live while `annotation` is on. */
  annotation(name: string, description: string): void {
    const message: Message = {
      id: MessageID.idAnnotation,
      payload: encodeAnnotation({ number: this.annotationCounter, name, description }),
    };
    this.annotationCounter = (this.annotationCounter + 1) & 0x7fffffff;
    this.frameAnnotations.push(message);
    this.pendingAnnotations.push(message);
    if (this.pendingAnnotations.length > MAX_PENDING_ANNOTATIONS) this.pendingAnnotations.shift();
  }

  /** Whether request `name` is on; announces it while polling (B-Human's DEBUG_RESPONSE check). */
  check(name: string): boolean {
    if (this.requests.notYetPolled(name)) {
      this.emit(
        MessageID.idDebugResponse,
        encodeDebugResponse({ kind: 'request', name, enabled: this.requests.isActive(name) }),
      );
    }
    return this.requests.isActive(name);
  }

  /** check(prefix + id) without building the name in the common case that no request is on and nobody polls. */
  private checkPrefixed(prefix: string, id: string): boolean {
    return this.requests.idle ? false : this.check(prefix + id);
  }

  private emit(id: number, payload: Uint8Array): void {
    this.out.push({ id, payload });
  }

  private emitPlot(id: string, value: number): void {
    this.emit(MessageID.idPlot, encodePlot({ id, value }));
  }

  private drawing(id: string, type: string, draw: (d: Drawing2D) => void): void {
    const drawingId = this.drawings2d.declare(id, type);
    if (!this.checkPrefixed(RequestPrefixes.drawing, id) || drawingId === undefined) return;
    this.writer2d.begin(drawingId);
    draw(this.writer2d);
  }

  private drawing3d(id: string, type: string, draw: (d: Drawing3D) => void): void {
    const drawingId = this.drawings3d.declare(id, type);
    if (!this.checkPrefixed(RequestPrefixes.drawing3d, id) || drawingId === undefined) return;
    this.writer3d.begin(drawingId);
    draw(this.writer3d);
  }

  private response(name: string, fn: () => void, options?: { once?: boolean; declared?: boolean }): void {
    const active = options?.declared ? this.requests.isActive(name) : this.check(name);
    if (!active) return;
    if (options?.once) this.requests.disable(name);
    fn();
  }

  private image(id: string, image: () => DebugImage): void {
    if (!this.checkPrefixed(RequestPrefixes.debugImages, id)) return;
    try {
      this.emit(MessageID.idDebugImage, encodeDebugImage({ id, image: image() }));
    } catch (e) {
      this.text(`Error: cannot send debug image ${id}: ${errorText(e)}`);
    }
  }

  /** The module-facing view: only DebugContext, so modules cannot drive frames or feed messages. */
  private createContext(): DebugContext {
    return {
      isActive: (name) => this.check(name),
      drawing: (id, type, draw) => this.drawing(id, type, draw),
      drawing3d: (id, type, draw) => this.drawing3d(id, type, draw),
      plot: (id, value) => {
        if (this.checkPrefixed(RequestPrefixes.plot, id))
          this.emitPlot(id, typeof value === 'function' ? value() : value);
      },
      annotation: (name, description) => this.annotation(name, description),
      text: (message) => this.text(message),
      response: (name, fn, options) => this.response(name, fn, options),
      stopwatch: (name, fn) => this.measure(name, fn),
      modify: (name, type, value) => this.modify(name, type, value),
      image: (id, image) => this.image(id, image),
    };
  }
}
