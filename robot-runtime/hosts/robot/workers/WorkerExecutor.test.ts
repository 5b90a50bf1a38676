import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { decode } from '@robot-runtime/protocol/binary';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { ManualClock } from '@robot-runtime/core/Clock';
import { DeterministicExecutor } from '@robot-runtime/core/threads/DeterministicExecutor';
import { RobotProgram } from '@robot-runtime/core/threads/RobotProgram';
import {
  ToyJointState,
  ToyPercept,
  ToyWorldModel,
  toyConfiguration,
} from '@robot-runtime/core/threads/testing/toyRobot';
import { registry, TOY_ECHO_ID, TOY_IDS } from './testing/toyRegistry';
import { MAX_INBOX_BYTES, WorkerExecutor } from './WorkerExecutor';

type Frames = Map<string, Map<number, Message[]>>;

function record(frames: Frames, thread: string, frame: number, messages: Message[]): void {
  let perThread = frames.get(thread);
  if (!perThread) frames.set(thread, (perThread = new Map()));
  perThread.set(
    frame,
    messages.map((m) => ({ id: m.id, payload: m.payload.slice() })),
  );
}

function payloadOf(messages: Message[] | undefined, id: number): Uint8Array {
  const m = messages?.find((x) => x.id === id);
  if (!m) throw new Error(`no message ${id}`);
  return m.payload;
}

const SEED = 11;
const UPPER_FRAMES = 8;
const MOTION_FRAMES = 20;

function deterministicRun(): Frames {
  const frames: Frames = new Map();
  const clock = new ManualClock();
  const executor = new DeterministicExecutor(clock, {
    afterFrame: (_r, thread, messages) => record(frames, thread, frames.get(thread)?.size ?? 0, messages),
  });
  executor.addRobot(
    new RobotProgram({
      modules: registry.modules,
      configuration: toyConfiguration(),
      clock,
      seed: SEED,
      createDebugger: registry.createDebugger,
    }),
  );
  executor.runUntil(UPPER_FRAMES * (1000 / 30) - 1);
  return frames;
}

describe('WorkerExecutor', () => {
  it('runs the toy robot in workers with the same per-thread results as the deterministic executor', async () => {
    const expected = deterministicRun();
    const frames: Frames = new Map();
    const errors: string[] = [];
    const executor = await WorkerExecutor.start({
      registryPath: fileURLToPath(new URL('./testing/toyRegistry.ts', import.meta.url)),
      configuration: toyConfiguration(),
      seed: SEED,
      maxFrames: { Upper: UPPER_FRAMES, Motion: MOTION_FRAMES },
      onMessages: (thread, frame, messages) => record(frames, thread, frame, messages),
      onError: (thread, message) => errors.push(`${thread}: ${message}`),
    });
    await executor.finished('Upper');
    await executor.finished('Motion');
    // Let Cognition finish its last wake-up. Upper's last packages wake it, so it comes; on a loaded machine it can
    // come seconds later, so wait for the event itself (the test's timeout is the only bound), not for a time.
    const lastPercept = () => {
      const cognitionFrames = [...(frames.get('Cognition')?.entries() ?? [])].sort((a, b) => a[0] - b[0]);
      const last = cognitionFrames.at(-1);
      return last ? decode(ToyWorldModel, payloadOf(last[1], TOY_IDS.ToyWorldModel!)).perceptFrame : -1;
    };
    while (lastPercept() < UPPER_FRAMES - 2) await new Promise((r) => setTimeout(r, 20));
    const counts = await executor.stop();
    expect(errors).toEqual([]);
    expect(counts.Upper).toBe(UPPER_FRAMES);
    expect(counts.Motion).toBe(MOTION_FRAMES);

    // Upper depends only on its own frames and seeded randomness: identical in both executors.
    for (let f = 0; f < UPPER_FRAMES; f++) {
      expect(decode(ToyPercept, payloadOf(frames.get('Upper')!.get(f), TOY_IDS.ToyPercept!))).toEqual(
        decode(ToyPercept, payloadOf(expected.get('Upper')!.get(f), TOY_IDS.ToyPercept!)),
      );
    }
    // Motion's own data too (what it sees from Cognition is timing-dependent by design: USES).
    const expectedMotion = [...expected.get('Motion')!.values()].map((m) =>
      decode(ToyJointState, payloadOf(m, TOY_IDS.ToyJointState!)),
    );
    for (let f = 0; f < Math.min(MOTION_FRAMES, expectedMotion.length); f++) {
      const got = decode(ToyJointState, payloadOf(frames.get('Motion')!.get(f), TOY_IDS.ToyJointState!));
      expect({ frame: got.frame, angle: got.angle }).toEqual({
        frame: expectedMotion[f]!.frame,
        angle: expectedMotion[f]!.angle,
      });
    }
    // Cognition ran after camera frames (coalesced when busy) and always saw complete, newest-first packages.
    const cognition = [...frames.get('Cognition')!.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, m]) => decode(ToyWorldModel, payloadOf(m, TOY_IDS.ToyWorldModel!)));
    // How many camera frames coalesce into one Cognition frame depends on the machine's load: on a loaded one,
    // Cognition's worker may start after all of Upper's frames and run once.
    expect(cognition.length).toBeGreaterThanOrEqual(1);
    expect(cognition.length).toBeLessThanOrEqual(UPPER_FRAMES);
    expect(cognition.every((w) => w.consistent)).toBe(true);
    // Non-decreasing: a wake-up that raced with the next camera frame may find no newer package.
    for (let i = 1; i < cognition.length; i++)
      expect(cognition[i]!.perceptFrame).toBeGreaterThanOrEqual(cognition[i - 1]!.perceptFrame);
    expect(cognition.at(-1)!.perceptFrame).toBeGreaterThanOrEqual(UPPER_FRAMES - 2);
  });

  it('runs a triggered thread whose worker started after its trigger had fired (no wake-up lost)', async () => {
    const frames: Frames = new Map();
    const errors: string[] = [];
    const executor = await WorkerExecutor.start({
      registryPath: fileURLToPath(new URL('./testing/lateCognitionRegistry.ts', import.meta.url)),
      configuration: toyConfiguration(),
      seed: SEED,
      maxFrames: { Upper: 3, Motion: 1 },
      hostShared: new SharedArrayBuffer(4),
      hostOptions: { lastUpperFrame: 2 },
      onMessages: (thread, frame, messages) => record(frames, thread, frame, messages),
      onError: (thread, message) => errors.push(`${thread}: ${message}`),
    });
    try {
      await executor.finished('Upper');
      // Upper woke Cognition three times before Cognition's worker was there; Cognition must still run once, on
      // Upper's newest percept. Before the fix it waited for a fourth wake-up forever.
      while (!frames.get('Cognition')?.size) await new Promise((r) => setTimeout(r, 20));
      const first = frames.get('Cognition')!.get(0)!;
      expect(decode(ToyWorldModel, payloadOf(first, TOY_IDS.ToyWorldModel!)).perceptFrame).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await executor.stop();
    }
  });

  it('delivers debug messages to a worker thread', async () => {
    const echoes: { thread: string; payload: number[] }[] = [];
    let resolveEcho!: () => void;
    const echoed = new Promise<void>((r) => (resolveEcho = r));
    const executor = await WorkerExecutor.start({
      registryPath: fileURLToPath(new URL('./testing/toyRegistry.ts', import.meta.url)),
      configuration: toyConfiguration(),
      onMessages: (thread, _frame, messages) => {
        for (const m of messages) {
          if (m.id !== TOY_ECHO_ID) continue;
          echoes.push({ thread, payload: [...m.payload] });
          resolveEcho();
        }
      },
    });
    executor.send('Motion', [{ id: 5, payload: Uint8Array.of(1, 2, 3) }]);
    await echoed;
    await executor.stop();
    expect(echoes).toEqual([{ thread: 'Motion', payload: [1, 2, 3] }]);
  });

  it('bounds the debug bytes waiting for a thread and counts them down as the thread handles them', async () => {
    // Issue 41, finding 7: a client sending faster than a thread handles filled its message port without bound.
    const executor = await WorkerExecutor.start({
      registryPath: fileURLToPath(new URL('./testing/toyRegistry.ts', import.meta.url)),
      configuration: toyConfiguration(),
      maxFrames: { Motion: 1 }, // Motion stops after one frame and never handles anything again
    });
    try {
      await executor.finished('Motion');
      const batch = [{ id: 5, payload: new Uint8Array(1 << 20) }];
      const accepted = Array.from({ length: 40 }, () => executor.send('Motion', batch)).filter(Boolean).length;
      expect(accepted).toBe(Math.floor(MAX_INBOX_BYTES / (12 + (1 << 20))));
      expect(executor.waitingBytes('Motion')).toBeLessThanOrEqual(MAX_INBOX_BYTES);
      // What must arrive (the disableAll of a leaving console) still does.
      expect(executor.send('Motion', [{ id: 5, payload: new Uint8Array(8) }], true)).toBe(true);
      // A running thread hands back what it handled: its inbox empties again.
      for (let i = 0; i < 10; i++) expect(executor.send('Upper', batch)).toBe(true);
      // Waits for the event, not for a time: on a loaded machine the worker may take seconds to get to it.
      while (executor.waitingBytes('Upper') > 0) await new Promise((r) => setTimeout(r, 10));
      expect(executor.waitingBytes('Upper')).toBe(0);
    } finally {
      await executor.stop();
    }
  });

  it('refuses invalid configurations', async () => {
    const config = toyConfiguration();
    config.threads[0]!.representationProviders = [];
    await expect(
      WorkerExecutor.start({
        registryPath: fileURLToPath(new URL('./testing/toyRegistry.ts', import.meta.url)),
        configuration: config,
      }),
    ).rejects.toThrow(/ToyModeler in Cognition requires ToyPercept, which nobody provides/);
  });
});
