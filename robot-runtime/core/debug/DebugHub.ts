/**
 * @file The robot's Debug thread (formats §2.4, §10.1): everything between the debug link and the robot's threads.
 * It routes incoming messages (an idThread message addresses the next message to one thread), answers the
 * requests only the robot as a whole can answer (type info, module table, robot name, module requests), takes
 * part in polling as the extra "Debug" thread, and frames each thread's output for the link. It is pure and
 * executor-agnostic: the standalone robot (worker threads) and the simulator (in-process) both use it.
 */
import { decode, encode } from '../../protocol/binary';
import {
  decodeDebugRequest,
  encodeDebugRequest,
  encodeDebugResponse,
  encodeModuleTable,
  encodeRobotName,
  encodeTextMessage,
  type RobotName,
} from '../../protocol/debugMessages';
import { decodeModuleRequest } from '../../protocol/debugMessages/moduleRequest';
import { RequestNames } from '../../protocol/debugMessages/requestNames';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { frameThreadName } from '../../protocol/messageQueue/frames';
import { ConfigurationType, type Configuration } from '../config/Configuration';
import type { AnyModuleDefinition } from '../module/ModuleGraph';
import { MAX_REQUEST_NAME_LENGTH } from './DebugRequestTable';
import { MAX_OVERRIDE_BYTES } from './ThreadDebugger';

/** Request names the hub answers itself (announced during polling like any thread's requests). */
const HUB_REQUESTS: readonly string[] = [RequestNames.typeInfo, RequestNames.moduleTable, RequestNames.robotName];

/** Debug requests the hub remembers for restarted threads; more are refused (real consoles switch on dozens). */
export const MAX_REMEMBERED_REQUESTS = 4096;

/** The largest data change forwarded: a thread holds at most MAX_OVERRIDE_BYTES of overrides (plus the name). */
export const MAX_DATA_CHANGE_BYTES = MAX_OVERRIDE_BYTES + 4 * MAX_REQUEST_NAME_LENGTH + 16;

/** What the hub needs from the robot it belongs to. */
export interface DebugHubOptions {
  /** Thread names in configuration order. */
  threads(): readonly string[];
  /**
   * Delivers messages to one thread (handled before its next frame); may return false when the thread has too
   * much waiting already (the messages are then dropped and the console is told). `urgent` messages (the few
   * bytes that switch everything off when the console leaves) are delivered whatever waits.
   */
  deliver(thread: string, messages: readonly Message[], urgent?: boolean): void | boolean;
  /** Serialized TypeInfo of every type the robot streams. */
  typeInfo(): Uint8Array;
  /** Modules the robot knows. */
  modules: readonly AnyModuleDefinition[];
  /** The configuration the robot runs now. */
  configuration(): Configuration;
  /** Applies a configuration; returns problems (nothing changes when there are any). */
  reconfigure(configuration: Configuration): readonly string[] | Promise<readonly string[]>;
  /** Who the robot is (idRobotName). */
  robotName: RobotName;
  /** Sends messages to the console (one queue; thread frames are already framed). */
  send(messages: Message[]): void;
}

/** Writes a frame marker payload (the thread name as a string). */
function frameMarker(id: number, thread: string): Message {
  const name = new TextEncoder().encode(thread);
  const payload = new Uint8Array(4 + name.length);
  new DataView(payload.buffer).setUint32(0, name.length, true);
  payload.set(name, 4);
  return { id, payload };
}

/** The Debug thread of one robot. */
export class DebugHub {
  /**
   * Debug requests forwarded to the threads, by target ('*' = all) and name, so that threads restarted by a
   * module request get them again.
   */
  private readonly forwarded = new Map<string, { target: string | undefined; message: Message }>();

  constructor(private readonly options: DebugHubOptions) {}

  /** Debug requests remembered for restarted threads (bounded by MAX_REMEMBERED_REQUESTS). */
  get rememberedRequests(): number {
    return this.forwarded.size;
  }

  /**
   * Bytes the remembered requests keep alive (whole buffers, not just the views' lengths): at most
   * MAX_REMEMBERED_REQUESTS × (3 × MAX_REQUEST_NAME_LENGTH + 9), as each message is copied out of its packet.
   */
  get rememberedBytes(): number {
    let bytes = 0;
    for (const { message } of this.forwarded.values()) bytes += message.payload.buffer.byteLength;
    return bytes;
  }

  /**
   * The console went away: what it switched on is switched off (as its own `disableAll` on leaving would), so
   * requests and junk debug-data names no client holds any more do not stay in memory.
   */
  forgetConsole(): void {
    this.forwarded.clear();
    const disableAll = {
      id: MessageID.idDebugRequest,
      payload: encodeDebugRequest({ name: RequestNames.disableAll, enable: false }),
    };
    // Urgent: a thread whose inbox the leaving client filled must still get it, or its requests stay on.
    for (const thread of this.options.threads()) this.options.deliver(thread, [disableAll], true);
  }

  /** Sends the debug requests that are in force to the threads again (after they were restarted). */
  replayRequests(): void {
    const threads = this.options.threads();
    const perThread = new Map<string, Message[]>();
    for (const { target, message } of this.forwarded.values()) {
      for (const t of target === undefined ? threads : threads.filter((x) => x === target))
        this.bucket(perThread, t).push(message);
    }
    for (const [thread, list] of perThread) this.options.deliver(thread, list);
  }

  /** Remembers a request for restarted threads; false when the table is full (the request is then refused). */
  private remember(name: string, enable: boolean, target: string | undefined, message: Message): boolean {
    if (name === RequestNames.disableAll) {
      if (target === undefined) this.forwarded.clear();
      else for (const [key, entry] of this.forwarded) if (entry.target === target) this.forwarded.delete(key);
      return true;
    }
    if (name === RequestNames.poll) return true;
    const key = `${target ?? '*'}|${name}`;
    if (!enable) this.forwarded.delete(key);
    else if (this.forwarded.has(key) || this.forwarded.size < MAX_REMEMBERED_REQUESTS)
      // A copy: the payload is a view into a receive packet of up to 64 MiB, which must not stay alive for it.
      this.forwarded.set(key, { target, message: { id: message.id, payload: message.payload.slice() } });
    else return false;
    return true;
  }

  /** Handles one queue from the console. Never throws: malformed messages are reported as text. */
  receive(messages: readonly Message[]): void {
    const replies: Message[] = [];
    const perThread = new Map<string, Message[]>();
    const threads = this.options.threads();
    const toAll = (m: Message) => threads.forEach((t) => this.bucket(perThread, t).push(m));
    let target: string | undefined;
    const answered = new Set<string>();
    for (const message of messages) {
      try {
        if (message.id === MessageID.idThread) {
          target = frameThreadName(message.payload);
          continue;
        }
        const routed = target;
        target = undefined;
        if (message.id === MessageID.idModuleRequest) {
          this.moduleRequest(message);
          continue;
        }
        if (message.id === MessageID.idDebugRequest) {
          const { name, enable } = decodeDebugRequest(message.payload);
          if (name.length > MAX_REQUEST_NAME_LENGTH) {
            replies.push(text(`Debug: refused a debug request whose name has ${name.length} characters`));
            continue;
          }
          // One answer per queue however often it asks: a type info is hundreds of kB.
          if (answered.has(name)) continue;
          if (this.hubRequest(name, enable, replies)) {
            answered.add(name);
            continue;
          }
          if (name === RequestNames.poll) replies.push(...this.pollAnswer());
          if (!this.remember(name, enable, routed, message)) {
            replies.push(text(`Debug: refused debug request '${name}': more than ${MAX_REMEMBERED_REQUESTS} are on`));
            continue;
          }
        }
        if (message.id === MessageID.idDebugDataChangeRequest && message.payload.length > MAX_DATA_CHANGE_BYTES) {
          // Every thread would refuse it; delivering it would copy it once per thread first.
          replies.push(
            text(`Debug: refused debug data of ${message.payload.length} bytes (at most ${MAX_DATA_CHANGE_BYTES})`),
          );
          continue;
        }
        if (routed !== undefined) {
          if (threads.includes(routed)) this.bucket(perThread, routed).push(message);
          else replies.push(text(`Debug: no thread '${routed}'`));
        } else toAll(message);
      } catch (error) {
        replies.push(
          text(
            `Debug: dropped a malformed message ${message.id}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    }
    for (const [thread, list] of perThread) {
      if (this.options.deliver(thread, list) === false)
        replies.push(text(`Debug: dropped ${list.length} message(s) for ${thread}: too many wait for it already`));
    }
    if (replies.length) this.options.send(replies);
  }

  /** Frames one thread's frame output for the console (nothing is sent for an empty frame). */
  threadFrame(thread: string, messages: readonly Message[]): void {
    if (messages.length === 0) return;
    this.options.send([
      frameMarker(MessageID.idFrameBegin, thread),
      ...messages,
      frameMarker(MessageID.idFrameFinished, thread),
    ]);
  }

  private bucket(map: Map<string, Message[]>, thread: string): Message[] {
    let list = map.get(thread);
    if (!list) map.set(thread, (list = []));
    return list;
  }

  /** Answers a request addressed to the robot as a whole; returns false for requests the threads handle. */
  private hubRequest(name: string, enable: boolean, replies: Message[]): boolean {
    if (!enable) return HUB_REQUESTS.includes(name);
    switch (name) {
      case RequestNames.typeInfo:
        replies.push({ id: MessageID.idTypeInfo, payload: this.options.typeInfo() });
        return true;
      case RequestNames.moduleTable:
        replies.push({ id: MessageID.idModuleTable, payload: this.moduleTable() });
        return true;
      case RequestNames.robotName: {
        const who = this.options.robotName;
        replies.push(
          { id: MessageID.idRobotName, payload: encodeRobotName(who) },
          text(`Hi, I am ${who.headName} (${who.bodyName}), player ${who.playerNumber}.`),
        );
        return true;
      }
      default:
        return false;
    }
  }

  /** The Debug thread's share of polling: its own requests, then pollingFinished. */
  private pollAnswer(): Message[] {
    return [
      ...HUB_REQUESTS.map((name) => ({
        id: MessageID.idDebugResponse,
        payload: encodeDebugResponse({ kind: 'request', name, enabled: false }),
      })),
      { id: MessageID.idDebugResponse, payload: encodeDebugResponse({ kind: 'pollingFinished' }) },
    ];
  }

  private moduleTable(): Uint8Array {
    const names = (list: readonly { typeName: string }[]) => list.map((r) => r.typeName);
    return encodeModuleTable({
      modules: this.options.modules.map((m) => ({
        name: m.name,
        requirements: [...names(m.requires), ...names(m.uses)],
        provisions: names(m.provides),
      })),
      configuration: encode(ConfigurationType, this.options.configuration()),
    });
  }

  /** Applies a module request; the answer (the new module table, or why it was refused) follows when done. */
  private moduleRequest(message: Message): void {
    const request = decodeModuleRequest(message.payload);
    const configuration = decode(ConfigurationType, request.configuration) as Configuration;
    const report = (problems: readonly string[]) => {
      const answer = problems.length
        ? problems.map((p) => text(`Module request refused: ${p}`))
        : [{ id: MessageID.idModuleTable, payload: this.moduleTable() }];
      this.options.send(answer);
    };
    const result = this.options.reconfigure(configuration);
    if (Array.isArray(result)) report(result);
    else
      void Promise.resolve(result).then(report, (error: unknown) =>
        report([error instanceof Error ? error.message : String(error)]),
      );
  }
}

function text(message: string): Message {
  return { id: MessageID.idText, payload: encodeTextMessage(message) };
}
