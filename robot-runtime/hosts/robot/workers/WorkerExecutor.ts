/**
 * @file Runs one robot with one worker thread per configured thread, in real time: the standalone robot
 * program (NAO or PC). Threads exchange representations through shared triple buffers and Cognition is woken
 * by the camera threads through Atomics; debug messages travel in and out as transferred buffers.
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { buildModuleGraph } from '@robot-runtime/core/module/ModuleGraph';
import { ConfigurationError } from '@robot-runtime/core/threads/ConfigurationError';
import { channelKey, channelLayout } from '@robot-runtime/core/threads/exchange/channelLayout';
import { createSharedTripleBuffer } from '@robot-runtime/core/threads/exchange/SharedTripleBuffer';
import { schedulesFor, type ThreadSchedule } from '@robot-runtime/core/threads/ThreadSchedule';
import { spawnWorker } from './spawnTsWorker';
import { packMessages, unpackMessages } from './messagePacking';
import {
  CONTROL_STOP,
  CONTROL_WORDS,
  type ThreadWorkerData,
  type ThreadWorkerEvent,
  type ThreadWorkerRegistry,
} from './protocol';

/** How to start a robot in workers. */
export interface WorkerExecutorOptions {
  /** Absolute path (or file URL) of a module exporting `registry: ThreadWorkerRegistry`. */
  readonly registryPath: string;
  readonly configuration: Configuration;
  readonly seed?: number;
  readonly robot?: number;
  /** Per-thread schedule overrides. */
  readonly schedules?: Readonly<Record<string, ThreadSchedule>>;
  /** Largest package (bytes) a thread pair may exchange per frame; default 4 MiB. */
  readonly channelCapacity?: number;
  /** Parameter values by module name (structured-cloneable); code defaults for the rest. */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** Frame limits per thread (tests); a limited thread stops by itself. */
  readonly maxFrames?: Readonly<Record<string, number>>;
  /** State shared by the threads' hosts (passed to ThreadWorkerRegistry.createHost in every worker). */
  readonly hostShared?: SharedArrayBuffer;
  /** Host options (structured-cloneable) for ThreadWorkerRegistry.createHost. */
  readonly hostOptions?: unknown;
  /** Epoch (ms since 1970) the threads' clocks count from (default now); the network host shares it. */
  readonly startEpochMs?: number;
  /** A SharedCycleClock's buffer: the threads' time counts LoLA cycles instead of the wall clock (lock-step). */
  readonly cycleClock?: SharedArrayBuffer;
  /** The worker entry (default threadWorker.ts next to this file); a bundled robot passes its bundle. */
  readonly workerUrl?: URL;
  /** Representations each thread logs every frame (logger.cfg), by thread name. */
  readonly logRepresentations?: Readonly<Record<string, readonly string[]>>;
  /** Receives every logged frame's messages (threads with logRepresentations only). */
  onLogFrame?(thread: string, frame: number, messages: Message[]): void;
  /** Receives every frame's outgoing debug messages. */
  onMessages?(thread: string, frame: number, messages: Message[]): void;
  /** Receives worker failures (default: rethrown as unhandled errors are not useful here, so logged). */
  onError?(thread: string, message: string): void;
  /** Receives one sentence per thread whose configured priority could not be applied (default: console.warn). */
  onWarning?(message: string): void;
}

/**
 * Bytes of debug messages that may wait for one thread: room for the largest data change a thread holds (16 MiB)
 * and more. A client sending faster than a thread handles its messages is refused beyond it, instead of filling the
 * thread's message port without bound.
 */
export const MAX_INBOX_BYTES = 20 * 1024 * 1024;

interface Running {
  readonly worker: Worker;
  readonly debugIn: MessagePort;
  frames: number;
  readonly done: Promise<number>;
}

/** A robot whose threads run in worker threads. */
export class WorkerExecutor {
  private constructor(
    private readonly threads: Map<string, Running>,
    private readonly control: Int32Array,
    private readonly wake: Int32Array,
    private readonly inbox: Int32Array,
    private readonly index: ReadonlyMap<string, number>,
  ) {}

  /** Validates the configuration, starts one worker per thread and resolves once every thread is ready. */
  static async start(options: WorkerExecutorOptions): Promise<WorkerExecutor> {
    const registryUrl = options.registryPath.startsWith('file:')
      ? options.registryPath
      : pathToFileURL(options.registryPath).href;
    const { registry } = (await import(registryUrl)) as { registry: ThreadWorkerRegistry };
    const graph = buildModuleGraph(registry.modules, options.configuration);
    if (graph.errors.length) throw new ConfigurationError(graph.errors);

    const capacity = options.channelCapacity ?? 4 * 1024 * 1024;
    const buffers = new Map(
      channelLayout(graph).map((c) => [channelKey(c.from, c.to), createSharedTripleBuffer(capacity)] as const),
    );
    const controlSab = new SharedArrayBuffer(CONTROL_WORDS * 4);
    const wakeSab = new SharedArrayBuffer(Math.max(1, graph.threads.length) * 4);
    const inboxSab = new SharedArrayBuffer(Math.max(1, graph.threads.length) * 4);
    const schedules = schedulesFor(options.configuration.threads, options.schedules);
    const index = new Map(graph.threads.map((p, i) => [p.name, i] as const));
    const startEpochMs = options.startEpochMs ?? performance.timeOrigin + performance.now();
    const threads = new Map<string, Running>();
    const ready: Promise<void>[] = [];

    for (const plan of graph.threads) {
      const notify = graph.threads
        .filter((other) => {
          const s = schedules.get(other.name)!;
          return s.kind === 'triggered' && s.by.includes(plan.name);
        })
        .map((other) => index.get(other.name)!);
      const channels: Record<string, SharedArrayBuffer> = {};
      for (const [key, sab] of buffers) {
        const [from, to] = key.split('->');
        if (from === plan.name || to === plan.name) channels[key] = sab;
      }
      const { port1, port2 } = new MessageChannel();
      const workerData: ThreadWorkerData = {
        registryPath: registryUrl,
        thread: plan.name,
        configuration: options.configuration,
        seed: options.seed ?? 0,
        robot: options.robot ?? 0,
        schedule: schedules.get(plan.name)!,
        channels,
        wake: wakeSab,
        wakeIndex: index.get(plan.name)!,
        notify,
        control: controlSab,
        startEpochMs,
        cycleClock: options.cycleClock,
        debugIn: port2,
        inboxBytes: inboxSab,
        parameters: options.parameters ?? {},
        maxFrames: options.maxFrames?.[plan.name],
        hostShared: options.hostShared,
        hostOptions: options.hostOptions,
        logRepresentations: options.logRepresentations?.[plan.name],
      };
      // Module code is loaded from the same TypeScript sources in every worker (through tsx).
      const worker = spawnWorker(options.workerUrl ?? new URL('./threadWorker.ts', import.meta.url), {
        workerData,
        transferList: [port2],
        name: `robot:${plan.name}`,
      });
      let resolveReady!: () => void;
      let rejectReady!: (e: Error) => void;
      ready.push(new Promise<void>((res, rej) => ((resolveReady = res), (rejectReady = rej))));
      let resolveDone!: (frames: number) => void;
      const done = new Promise<number>((res) => (resolveDone = res));
      const running: Running = { worker, debugIn: port1, frames: 0, done };
      worker.on('message', (event: ThreadWorkerEvent) => {
        switch (event.type) {
          case 'ready':
            if (event.schedulingNote) (options.onWarning ?? ((m) => console.warn(m)))(event.schedulingNote);
            resolveReady();
            break;
          case 'messages':
            running.frames = event.frame + 1;
            options.onMessages?.(event.thread, event.frame, unpackMessages(event.packed));
            break;
          case 'log':
            options.onLogFrame?.(event.thread, event.frame, unpackMessages(event.packed));
            break;
          case 'done':
            running.frames = event.frames;
            resolveDone(event.frames);
            break;
          case 'error':
            (options.onError ?? ((t, m) => console.error(`thread ${t}: ${m}`)))(event.thread, event.message);
            rejectReady(new Error(`thread ${event.thread}: ${event.message}`));
            resolveDone(running.frames);
            break;
        }
      });
      worker.on('error', (e) => {
        rejectReady(e);
        resolveDone(running.frames);
      });
      worker.on('exit', () => resolveDone(running.frames));
      threads.set(plan.name, running);
    }
    const executor = new WorkerExecutor(
      threads,
      new Int32Array(controlSab),
      new Int32Array(wakeSab),
      new Int32Array(inboxSab),
      index,
    );
    try {
      await Promise.all(ready);
    } catch (e) {
      await executor.stop();
      throw e;
    }
    return executor;
  }

  /** Thread names in configuration order. */
  get threadNames(): string[] {
    return [...this.threads.keys()];
  }

  /**
   * Delivers debug messages to a thread; they are handled before its next frame. Returns false (and posts nothing)
   * when they would make more than MAX_INBOX_BYTES wait for the thread, unless `force`d (a few bytes that must
   * arrive, such as the `disableAll` when the console leaves).
   */
  send(thread: string, messages: readonly Message[], force = false): boolean {
    const running = this.threads.get(thread);
    if (!running) throw new Error(`no thread ${thread}`);
    const slot = this.index.get(thread)!;
    let bytes = 4;
    for (const m of messages) bytes += 8 + m.payload.length;
    if (!force && Atomics.load(this.inbox, slot) + bytes > MAX_INBOX_BYTES) return false;
    Atomics.add(this.inbox, slot, bytes);
    const packed = packMessages(messages);
    running.debugIn.postMessage(packed, [packed]);
    return true;
  }

  /** Bytes of debug messages waiting for `thread` (posted, not yet handled); at most MAX_INBOX_BYTES. */
  waitingBytes(thread: string): number {
    return Atomics.load(this.inbox, this.index.get(thread)!);
  }

  /** Resolves with the frame count of `thread` once it has finished (frame limit reached or stopped). */
  finished(thread: string): Promise<number> {
    return this.threads.get(thread)!.done;
  }

  /** Stops all threads after their current frame and waits for the workers to exit; resolves frame counts. */
  async stop(): Promise<Record<string, number>> {
    Atomics.store(this.control, CONTROL_STOP, 1);
    Atomics.notify(this.control, CONTROL_STOP);
    for (let i = 0; i < this.wake.length; i++) Atomics.notify(this.wake, i);
    const result: Record<string, number> = {};
    for (const [name, running] of this.threads) {
      result[name] = await running.done;
      running.debugIn.close();
      await running.worker.terminate();
    }
    return result;
  }
}
