import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LoggerConfig } from '@robot-runtime/core/logging/LoggerConfig';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { readFrame } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { StandaloneRobot } from '../StandaloneRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-online-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The frames of each thread in the log file so far (none while its start is still being written). */
function framesPerThread(file: string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  if (!file || !fs.existsSync(file)) return counts;
  try {
    const log = openLog(new MemorySource(fs.readFileSync(file)), { fileName: file });
    for (let i = 0; i < log.index.frameOffsets.length; i++) {
      const thread = readFrame(log, i).thread;
      counts.set(thread, (counts.get(thread) ?? 0) + 1);
    }
  } catch {
    // A frame cut by the writer at the end of the file: read again on the next poll.
  }
  return counts;
}

describe('online logging of the standalone robot', () => {
  it('logs the configured representations of every thread while the robot runs', async () => {
    const logger = {
      ...LoggerConfig.defaultValue(),
      enabled: true,
      path: dir,
      representationsPerThread: [
        { thread: 'Upper', representations: ['FrameInfo', 'CameraInfo'] },
        { thread: 'Motion', representations: ['FrameInfo', 'JointSensorData', 'JointRequest'] },
      ],
    };
    const robot = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', logger, log: () => {} });
    // Frames, not wall time: a loaded machine runs fewer frames per second.
    await vi.waitFor(
      () => {
        const counts = framesPerThread(robot.logFile);
        expect(counts.get('Motion') ?? 0).toBeGreaterThan(20);
        expect(counts.get('Upper') ?? 0).toBeGreaterThan(10);
      },
      { timeout: 60_000, interval: 200 },
    );
    await robot.stop();
    const file = robot.logFile!;
    expect(path.basename(file)).toMatch(/^Nao_Nao_Default_Default__.*_1\.log$/);
    const log = openLog(new MemorySource(fs.readFileSync(file)), { fileName: file });
    const frames = Array.from({ length: log.index.frameOffsets.length }, (_, i) => readFrame(log, i));
    const motion = frames.filter((f) => f.thread === 'Motion');
    expect(motion.length).toBeGreaterThan(20);
    expect(frames.filter((f) => f.thread === 'Upper').length).toBeGreaterThan(10);
    expect(frames.some((f) => f.thread === 'Cognition')).toBe(false);
    expect(motion[5]!.messages.map((m) => m.id)).toEqual([
      MessageID.idFrameInfo,
      MessageID.idJointSensorData,
      MessageID.idJointRequest,
    ]);
  });
});
