import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoggerConfig } from '@robot-runtime/core/logging/LoggerConfig';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { readFrame } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoToBytes } from '@robot-runtime/protocol/typeInfo/stream';
import { emptyTypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { RobotLogWriter } from './RobotLogWriter';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-robotlog-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const settings = { headName: 'Nao', bodyName: 'Nao', playerNumber: 2, location: 'Default', scenario: 'Default' };

describe('RobotLogWriter', () => {
  it('writes a robot log named like B-Human that opens up to its last complete frame at any cut', async () => {
    const config = { ...LoggerConfig.defaultValue(), enabled: true, path: dir };
    const writer = RobotLogWriter.create(config, {
      settings,
      typeInfo: typeInfoToBytes(emptyTypeInfo()),
      identifier: 'test',
    });
    for (let i = 0; i < 50; i++)
      writer.frame(i % 2 ? 'Motion' : 'Upper', [{ id: MessageID.idFrameInfo, payload: Uint8Array.of(i, 0, 0, 0) }]);
    const second = RobotLogWriter.create(config, {
      settings,
      typeInfo: typeInfoToBytes(emptyTypeInfo()),
      identifier: 'test',
    });
    await second.close();
    await writer.close();
    expect(path.basename(writer.path)).toBe('Nao_Nao_Default_Default__test_2.log');
    expect(path.basename(second.path)).toBe('Nao_Nao_Default_Default__test_2_(01).log');
    const bytes = fs.readFileSync(writer.path);
    const log = openLog(new MemorySource(bytes), { fileName: writer.path });
    expect(log.sizeUnknown).toBe(true);
    expect(log.index.frameOffsets.length).toBe(50);
    expect(readFrame(log, 49).messages[0]!.payload[0]).toBe(49);
    const cut = openLog(new MemorySource(bytes.subarray(0, bytes.length - 3)));
    expect(cut.index.frameOffsets.length).toBe(49);
  });

  it('stops when the drive is nearly full, without blocking the caller', async () => {
    const config = { ...LoggerConfig.defaultValue(), enabled: true, path: dir, minFreeDriveSpace: 100 };
    const lines: string[] = [];
    const writer = RobotLogWriter.create(config, {
      settings,
      typeInfo: new Uint8Array(0),
      identifier: 'full',
      freeBytes: () => 50 * 1024 * 1024,
      log: (l) => lines.push(l),
    });
    writer.frame('Upper', [{ id: MessageID.idFrameInfo, payload: Uint8Array.of(1, 0, 0, 0) }]);
    await writer.close();
    expect(writer.framesWritten).toBe(0);
    expect(lines.join()).toMatch(/less than 100 MB free/);
  });
});
