/**
 * @file The body of one robot thread in a worker: builds the same module graph as every other worker, keeps
 * only its own thread, and runs frames in a synchronous loop. Sleeping and waking use Atomics.wait so that a
 * triggered thread (Cognition) starts within microseconds of the camera frame that woke it; debug messages
 * are drained synchronously from a MessagePort before each frame, since the loop never yields to the event
 * loop.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { buildModuleGraph, type AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { deepClone } from '@robot-runtime/protocol/types/deepClone';
import { channelKey, channelLayout } from '@robot-runtime/core/threads/exchange/channelLayout';
import { ChannelReceiver, ChannelSender } from '@robot-runtime/core/threads/exchange/RepresentationChannel';
import {
  SharedTripleBufferReader,
  SharedTripleBufferWriter,
} from '@robot-runtime/core/threads/exchange/SharedTripleBuffer';
import { ThreadRunner } from '@robot-runtime/core/threads/ThreadRunner';
import { ConfigurationError } from '@robot-runtime/core/threads/ConfigurationError';
import { logFrameMessages, resolveLoggedRepresentations } from '@robot-runtime/core/logging/logFrameMessages';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { DebugInbox } from './DebugInbox';
import { packMessages, unpackMessages } from './messagePacking';
import { applyThreadPriority } from './threadPriority';
import { threadClock } from './threadClocks';
import { CONTROL_STOP, type ThreadWorkerData, type ThreadWorkerEvent, type ThreadWorkerRegistry } from './protocol';

const data = workerData as ThreadWorkerData;

function post(event: ThreadWorkerEvent, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(event, transfer);
}

async function main(): Promise<void> {
  const url = data.registryPath.startsWith('file:') ? data.registryPath : pathToFileURL(data.registryPath).href;
  const { registry } = (await import(url)) as { registry: ThreadWorkerRegistry };
  const graph = buildModuleGraph(registry.modules, data.configuration);
  if (graph.errors.length) throw new ConfigurationError(graph.errors);
  const plan = graph.threads.find((p) => p.name === data.thread);
  if (!plan) throw new Error(`thread ${data.thread} is not configured`);
  const priority = data.configuration.threads.find((t) => t.name === data.thread)?.priority ?? 0;
  const schedulingNote = applyThreadPriority(data.thread, priority).note;

  const senders: ChannelSender[] = [];
  const receivers: ChannelReceiver[] = [];
  for (const channel of channelLayout(graph)) {
    const sab = data.channels[channelKey(channel.from, channel.to)];
    if (channel.from === data.thread)
      senders.push(new ChannelSender(channel.to, channel.entries, new SharedTripleBufferWriter(sab!)));
    if (channel.to === data.thread)
      receivers.push(new ChannelReceiver(channel.from, channel.entries, new SharedTripleBufferReader(sab!)));
  }
  const clock = threadClock(data.startEpochMs, data.cycleClock);
  const runner = new ThreadRunner({
    graph,
    plan,
    senders,
    receivers,
    debugger: registry.createDebugger(data.thread, clock),
    clock,
    seed: data.seed,
    robot: data.robot,
    teamMessageCodecs: registry.teamMessageCodecs?.(data.hostOptions),
    neuralNetworks: registry.neuralNetworks?.(data.hostOptions),
    parameters: (m: AnyModuleDefinition) =>
      m.name in data.parameters
        ? deepClone(data.parameters[m.name])
        : (m.parameters as TypeRef<unknown>).defaultValue(),
  });
  const host = registry.createHost?.(data.thread, data.hostShared, data.hostOptions, clock);
  // The logger's share of the frame is encoded here, in the thread, so the main thread only queues bytes.
  const logged = data.logRepresentations?.length
    ? resolveLoggedRepresentations(data.logRepresentations, graph.representations).logged
    : undefined;
  const annotations = runner.debugger as { takeAnnotations?(): Message[] };
  post({ type: 'ready', thread: data.thread, schedulingNote });

  const control = new Int32Array(data.control);
  const wake = new Int32Array(data.wake);
  const stopped = (): boolean => Atomics.load(control, CONTROL_STOP) !== 0;
  const schedule = data.schedule;
  let nextDue = clock.now() + (schedule.kind === 'periodic' ? (schedule.phaseMs ?? 0) : 0);
  // The wake counter starts at 0 and each worker starts its loop as soon as it is ready, so a producer may have
  // run frames before this thread got here (workers start late on a loaded machine). Counting from 0, not from
  // the current value, turns those triggers into one frame instead of losing them: the thread would otherwise
  // wait for a trigger that never comes once its producer has stopped.
  let lastWake = 0;
  const inboxBytes = new Int32Array(data.inboxBytes);
  let batchBytes = 0; // of the batch being handled: counted as waiting until the inbox asks for the next one
  const debugInbox = new DebugInbox(() => {
    Atomics.sub(inboxBytes, data.wakeIndex, batchBytes);
    batchBytes = 0;
    const received = receiveMessageOnPort(data.debugIn);
    if (!received) return undefined;
    const buffer = received.message as ArrayBuffer;
    batchBytes = buffer.byteLength;
    return unpackMessages(buffer);
  });

  while (!stopped()) {
    if (schedule.kind === 'periodic') {
      const remaining = nextDue - clock.now();
      if (remaining > 0) {
        Atomics.wait(control, CONTROL_STOP, 0, remaining);
        continue; // re-check stop and time after every wake-up
      }
      nextDue += schedule.periodMs;
      // After an overrun, do not try to catch up with a burst of frames.
      if (nextDue < clock.now()) nextDue = clock.now() + schedule.periodMs;
    } else {
      // Several triggers while busy coalesce into one frame that sees the newest data.
      if (Atomics.load(wake, data.wakeIndex) === lastWake) {
        Atomics.wait(wake, data.wakeIndex, lastWake, 100);
        continue;
      }
      lastWake = Atomics.load(wake, data.wakeIndex);
    }
    debugInbox.drain(
      (message) => runner.debugger.handle(message),
      () => clock.now(),
    );
    const frame = runner.frameNumber;
    const messages = runner.runFrame(host?.frame(clock.now(), runner.blackboard));
    for (const index of data.notify) {
      Atomics.add(wake, index, 1);
      Atomics.notify(wake, index);
    }
    if (messages.length) {
      const packed = packMessages(messages);
      post({ type: 'messages', thread: data.thread, frame, packed }, [packed]);
    }
    if (logged) {
      const logMessages = logFrameMessages(logged, runner.blackboard, annotations.takeAnnotations?.());
      const packed = packMessages(logMessages);
      post({ type: 'log', thread: data.thread, frame, packed }, [packed]);
    }
    if (data.maxFrames !== undefined && runner.frameNumber >= data.maxFrames) break;
  }
  data.debugIn.close(); // lets the worker exit once the loop is over
  post({ type: 'done', thread: data.thread, frames: runner.frameNumber });
}

main().catch((e: unknown) => {
  post({ type: 'error', thread: data.thread, message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
});
