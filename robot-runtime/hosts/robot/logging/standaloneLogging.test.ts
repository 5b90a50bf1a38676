import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoggerConfig } from '@robot-runtime/core/logging/LoggerConfig';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { readFrame } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { StandaloneRobot } from '../StandaloneRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-online-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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
    await new Promise((resolve) => setTimeout(resolve, 1200));
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
