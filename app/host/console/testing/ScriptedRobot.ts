/**
 * @file A RobotConnection that behaves like a small robot, for tests of the console (and later of views): it
 * answers polling, type info, module table, drawing managers and `get` with messages built by the real payload
 * encoders, and records everything the console sends. Nothing here is a mock of console code; only the robot is
 * stood in for.
 */
import { decode, encode, OutBinary } from '@robot-runtime/protocol/binary';
import { ConfigurationType, type Configuration } from '@robot-runtime/core/config/Configuration';
import { decodeDebugDataChangeRequest, encodeDebugDataResponse } from '@robot-runtime/protocol/debugMessages/debugData';
import { encodeDebugResponse } from '@robot-runtime/protocol/debugMessages/debugResponse';
import { encodeDrawingManager, type DrawingManagerTable } from '@robot-runtime/protocol/debugMessages/drawingManager';
import { encodeModuleTable, type ModuleTableEntry } from '@robot-runtime/protocol/debugMessages/moduleTable';
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import { decodeModuleRequest } from '@robot-runtime/protocol/debugMessages/moduleRequest';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { decodeDebugRequest, type DebugRequest } from '@robot-runtime/protocol/messages/DebugRequest';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { encodeWithTypeInfo } from '@robot-runtime/protocol/typeInfo/generic';
import type { GenericValue } from '@robot-runtime/protocol/typeInfo/GenericValue';
import { typeInfoToBytes } from '@robot-runtime/protocol/typeInfo/stream';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { ConnectionState, RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';

/** A MODIFY-able object the scripted robot offers (`debug data:<name>`). */
export interface ScriptedDebugData {
  /** Threads providing it. */
  threads: string[];
  /** TypeInfo name of its type. */
  type: string;
  /** Its current value (encoded through the TypeInfo when asked for). */
  value: GenericValue;
}

/** What the scripted robot knows and offers. */
export interface ScriptedRobotSpec {
  typeInfo: TypeInfo;
  modules: ModuleTableEntry[];
  configuration: Configuration;
  /** Debug request names (robot spelling) per thread. */
  requests: Record<string, string[]>;
  /** Drawing managers per thread. */
  drawingManagers?: Record<string, DrawingManagerTable>;
  /** MODIFY-able objects by name (without `debug data:`). */
  debugData?: Record<string, ScriptedDebugData>;
  /** Leave out the Debug thread's pollingFinished and the module table (to test timeouts). */
  silent?: boolean;
}

/** The payload of an idFrameBegin/idFrameFinished/idThread message: the thread name as a string. */
export function stringPayload(text: string): Uint8Array {
  const out = new OutBinary(4 + text.length);
  out.string(text);
  return out.toBytes();
}

/** Wraps messages in a frame of `thread`. */
export function frame(thread: string, messages: Message[]): Message[] {
  return [
    { id: MessageID.idFrameBegin, payload: stringPayload(thread) },
    ...messages,
    { id: MessageID.idFrameFinished, payload: stringPayload(thread) },
  ];
}

/** A sent message decoded for assertions. */
export type SentMessage =
  | { kind: 'debugRequest'; thread?: string; request: DebugRequest }
  | { kind: 'dataChange'; thread?: string; name: string; data?: Uint8Array }
  | { kind: 'moduleRequest'; configuration: Configuration }
  | { kind: 'other'; thread?: string; id: number };

/** A robot that answers like a polled robot; `respond` is false to hold answers back until `flush()`. */
export class ScriptedRobot implements RobotConnection {
  state: ConnectionState = 'connected';
  error?: string;
  /** Everything the console sent, decoded, with idThread folded into the following message. */
  readonly sent: SentMessage[] = [];
  /** Answers not yet delivered (delivered by `receive()` unless held). */
  private outbox: Message[] = [];
  /** While true, answers are produced but not delivered. */
  hold = false;
  /** Data changes received, by name (as the robot would hold them). */
  readonly overrides = new Map<string, Uint8Array | undefined>();

  constructor(readonly spec: ScriptedRobotSpec) {}

  send(messages: readonly Message[]): void {
    let thread: string | undefined;
    for (const m of messages) {
      if (m.id === MessageID.idThread) {
        thread = decodeThread(m.payload);
        continue;
      }
      this.handle(m, thread);
      thread = undefined;
    }
  }

  receive(): Message[] {
    if (this.hold) return [];
    const out = this.outbox;
    this.outbox = [];
    return out;
  }

  /** Adds messages the robot "sends" (e.g. streamed representations). */
  push(...messages: Message[]): void {
    this.outbox.push(...messages);
  }

  /** The debug requests sent, as `name=on|off` strings (with `@Thread` when targeted), for compact assertions. */
  requestLog(): string[] {
    return this.sent.flatMap((s) =>
      s.kind === 'debugRequest'
        ? [`${s.request.name}=${s.request.enable ? 'on' : 'off'}${s.thread ? `@${s.thread}` : ''}`]
        : [],
    );
  }

  private handle(m: Message, thread: string | undefined): void {
    const spec = this.spec;
    const threads = spec.configuration.threads.map((t) => t.name);
    switch (m.id) {
      case MessageID.idDebugRequest: {
        const request = decodeDebugRequest(m.payload);
        this.sent.push({ kind: 'debugRequest', thread, request });
        if (!request.enable) return;
        if (request.name === RequestNames.typeInfo)
          this.outbox.push({ id: MessageID.idTypeInfo, payload: typeInfoToBytes(spec.typeInfo) });
        else if (request.name === RequestNames.moduleTable && !spec.silent) {
          this.outbox.push({
            id: MessageID.idModuleTable,
            payload: encodeModuleTable({
              modules: spec.modules,
              configuration: encode(ConfigurationType, spec.configuration),
            }),
          });
        } else if (request.name === RequestNames.poll) {
          for (const t of threads) {
            const responses = (spec.requests[t] ?? []).map((name) => ({
              id: MessageID.idDebugResponse,
              payload: encodeDebugResponse({ kind: 'request', name, enabled: false }),
            }));
            this.outbox.push(
              ...frame(t, [
                ...responses,
                { id: MessageID.idDebugResponse, payload: encodeDebugResponse({ kind: 'pollingFinished' }) },
              ]),
            );
          }
          if (!spec.silent)
            this.outbox.push({
              id: MessageID.idDebugResponse,
              payload: encodeDebugResponse({ kind: 'pollingFinished' }),
            });
        } else if (request.name === RequestNames.drawingManager) {
          for (const t of threads) {
            const table = spec.drawingManagers?.[t] ?? { types: [], drawings: [] };
            this.outbox.push(...frame(t, [{ id: MessageID.idDrawingManager, payload: encodeDrawingManager(table) }]));
          }
        } else if (request.name.startsWith('debug data:')) {
          const name = request.name.slice('debug data:'.length);
          const data = spec.debugData?.[name];
          if (!data) return;
          for (const t of thread ? [thread] : data.threads) {
            const override = this.overrides.get(name);
            const out = new OutBinary();
            if (override) out.bytes(override);
            else encodeWithTypeInfo(spec.typeInfo, data.type, data.value, out);
            this.outbox.push(
              ...frame(t, [
                {
                  id: MessageID.idDebugDataResponse,
                  payload: encodeDebugDataResponse({ name, type: data.type, data: out.toBytes() }),
                },
              ]),
            );
          }
        }
        return;
      }
      case MessageID.idDebugDataChangeRequest: {
        const change = decodeDebugDataChangeRequest(m.payload);
        this.sent.push({ kind: 'dataChange', thread, name: change.name, data: change.data?.slice() });
        this.overrides.set(change.name, change.data?.slice());
        return;
      }
      case MessageID.idModuleRequest: {
        const request = decodeModuleRequest(m.payload);
        const configuration = decode(ConfigurationType, request.configuration);
        this.sent.push({ kind: 'moduleRequest', configuration });
        spec.configuration = configuration;
        return;
      }
      default:
        this.sent.push({ kind: 'other', thread, id: m.id });
    }
  }
}

function decodeThread(payload: Uint8Array): string {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const n = view.getUint32(0, true);
  return new TextDecoder().decode(payload.subarray(4, 4 + n));
}
