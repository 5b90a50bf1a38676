/**
 * @file A FrameDebugger for tests and benchmarks: it records what the runner asked for and, when told to,
 * outputs chosen representations as if their `representation:<Rep>` request were active. Debug drawing calls
 * are accepted and ignored. Real robots use core/debug's ThreadDebugger.
 */
import { encode } from '@robot-runtime/protocol/binary';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import type { TypeRef } from '@robot-runtime/protocol/types';
import type { DebugContext } from '../../debug/DebugContext';
import type { FrameDebugger } from '../../debug/FrameDebugger';

/** One recorded framework call. */
export type RecordedCall =
  | { kind: 'beginFrame'; frame: number; time: number }
  | { kind: 'measure'; name: string }
  | { kind: 'modify'; name: string }
  | { kind: 'output'; name: string; messageId: number | undefined }
  | { kind: 'text'; text: string }
  | { kind: 'endFrame' };

/** Options of the recording debugger. */
export interface RecordingDebuggerOptions {
  /** Representations whose OUTPUT produces a message (as if requested); the message id falls back to 1000. */
  outputs?: readonly string[];
  /** Record every call (tests); off for benchmarks. */
  record?: boolean;
  /** Overrides applied by modify(name): replaces the value's fields (as a received `set` would). */
  overrides?: Map<string, Record<string, unknown>>;
}

/** A FrameDebugger test double. */
export class RecordingDebugger implements FrameDebugger {
  readonly calls: RecordedCall[] = [];
  readonly texts: string[] = [];
  readonly handled: Message[] = [];
  private frameMessages: Message[] = [];
  private readonly outputs: ReadonlySet<string>;
  private readonly record: boolean;
  readonly context: DebugContext;

  constructor(private readonly options: RecordingDebuggerOptions = {}) {
    this.outputs = new Set(options.outputs ?? []);
    this.record = options.record ?? true;
    const noop = (): void => {};
    this.context = {
      isActive: () => false,
      drawing: noop,
      drawing3d: noop,
      plot: noop,
      annotation: noop,
      text: (message: string) => {
        this.texts.push(message);
        if (this.record) this.calls.push({ kind: 'text', text: message });
      },
      response: noop,
      stopwatch: <T>(_name: string, fn: () => T): T => fn(),
      modify: <V>(name: string, type: TypeRef<V>, value: V): V => this.modify(name, type, value),
      image: noop,
    };
  }

  handle(message: Message): void {
    this.handled.push(message);
  }

  beginFrame(frameNumber: number, threadStartTimeMs: number): void {
    this.frameMessages = [];
    if (this.record) this.calls.push({ kind: 'beginFrame', frame: frameNumber, time: threadStartTimeMs });
  }

  measure<T>(name: string, fn: () => T): T {
    if (this.record) this.calls.push({ kind: 'measure', name });
    return fn();
  }

  modify<V>(name: string, _type: TypeRef<V>, value: V): V {
    if (this.record) this.calls.push({ kind: 'modify', name });
    const override = this.options.overrides?.get(name);
    if (override) Object.assign(value as object, override);
    return value;
  }

  outputRepresentation<V>(name: string, messageId: number | undefined, type: TypeRef<V>, value: V): void {
    if (this.record) this.calls.push({ kind: 'output', name, messageId });
    if (this.outputs.has(name))
      this.frameMessages.push({ id: messageId ?? 1000, payload: encode(type, value).slice() });
  }

  endFrame(): Message[] {
    if (this.record) this.calls.push({ kind: 'endFrame' });
    return this.frameMessages;
  }
}
