import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoggerConfig } from '@robot-runtime/core/logging/LoggerConfig';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { readFrame } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { StandaloneRobot } from '../StandaloneRobot';
import { LOLA_CYCLE_MS } from '../workers/threadClocks';
import { startStandIn, type Child } from './testing/processes';

const children: Child[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Motion's FrameInfo times in the log written so far (a frame cut at the end of the file is left for later). */
function motionTimes(file: string | undefined): number[] {
  if (!file || !fs.existsSync(file)) return [];
  const times: number[] = [];
  try {
    const log = openLog(new MemorySource(fs.readFileSync(file)), { fileName: file });
    for (let i = 0; i < log.index.frameOffsets.length; i++) {
      const frame = readFrame(log, i);
      const info = frame.messages.find((m) => m.id === MessageID.idFrameInfo);
      // FrameInfo streams one uint32, little-endian.
      if (frame.thread === 'Motion' && info)
        times.push(new DataView(info.payload.buffer, info.payload.byteOffset).getUint32(0, true));
    }
  } catch {
    return times;
  }
  return times;
}

describe("the robot's clock against a simulator in lock-step (--lola-clock)", () => {
  it("counts LoLA cycles of 12 ms whatever the packets' wall-clock pace", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-lola-clock-'));
    dirs.push(dir);
    const socket = path.join(dir, 'robocup');
    // Four packets per 12 ms of wall time: a simulation in lock-step running faster than real time.
    const standIn = startStandIn(socket, ['--period', '3']);
    children.push(standIn);
    await standIn.waitFor((l) => l.includes('"listening"'), 60_000);
    const logger = {
      ...LoggerConfig.defaultValue(),
      enabled: true,
      path: dir,
      representationsPerThread: [{ thread: 'Motion', representations: ['FrameInfo'] }],
    };
    const robot = await StandaloneRobot.start({ port: 0, lola: socket, clock: 'lola', logger, log: () => {} });
    // The frames logged while LoLA ran (once the link is closed, Motion's last frames run on old data).
    let times: number[] = [];
    try {
      await vi.waitFor(
        () => {
          times = motionTimes(robot.logFile);
          expect(times.length).toBeGreaterThan(60);
        },
        { timeout: 60_000, interval: 200 },
      );
    } finally {
      await robot.stop();
    }
    // Each frame reads the newest packet: its time is the cycle count of that packet. A frame on old data (LoLA
    // silent for 100 ms on a starved machine) keeps time strictly increasing by one millisecond.
    for (let i = 1; i < times.length; i++) {
      const t = times[i]!;
      expect(t % LOLA_CYCLE_MS === 0 || t === times[i - 1]! + 1, `frame ${i}: ${times[i - 1]} → ${t}`).toBe(true);
      expect(t).toBeGreaterThan(times[i - 1]!);
    }
    const fresh = times.filter((t) => t % LOLA_CYCLE_MS === 0).length;
    expect(fresh).toBeGreaterThan(0.9 * times.length);
  });

  it('is refused without LoLA', async () => {
    await expect(StandaloneRobot.start({ port: 0, clock: 'lola', log: () => {} })).rejects.toThrow(/needs a LoLA/);
  });
});
