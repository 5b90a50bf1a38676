import type { Message } from '../../protocol/messageQueue/Message';
import type { TypeRef } from '../../protocol/types';
import type { DebugContext } from './DebugContext';

/**
 * The framework's side of one thread's debugging (implemented in core/debug, used by the thread runner):
 * incoming debug messages in, one frame's outgoing messages out. Modules only see DebugContext.
 */
export interface FrameDebugger {
  /** The module-facing API (shared by all modules of the thread). */
  readonly context: DebugContext;
  /** Handles messages addressed to this thread (debug requests, data change requests, …). */
  handle(message: Message): void;
  /** Starts a frame: clears per-frame state. `frameNumber` counts frames of this thread. */
  beginFrame(frameNumber: number, threadStartTimeMs: number): void;
  /** Measures `fn` as stopwatch `name` (always measured; sent only while `timing` is active). */
  measure<T>(name: string, fn: () => T): T;
  /** MODIFY: applies a held override to `value` in place / returns it (see DebugContext.modify). */
  modify<V>(name: string, type: TypeRef<V>, value: V): V;
  /** OUTPUT(idX, bin, x): streams `value` as message `messageId` while `representation:<name>` is active. */
  outputRepresentation<V>(name: string, messageId: number | undefined, type: TypeRef<V>, value: V): void;
  /** Ends the frame: the messages to send for it (empty when nothing was requested). */
  endFrame(): Message[];
}
