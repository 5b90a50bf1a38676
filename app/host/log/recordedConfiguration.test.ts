import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeThread, type Configuration } from '@robot-runtime/core/config/Configuration';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { buildMessageIdRemap } from '@robot-runtime/protocol/messages/messageIdRemap';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { LogFile } from './LogFile';
import { openReplay } from './openReplay';
import { CONFIGURATION_MESSAGE_ID, logIdNames, recordedConfiguration } from './recordedConfiguration';
import { saveLog } from './saveLog';
import { CONFIG_ROOT } from './testing/InProcessRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Three Cognition frames with FrameInfo and BallModel. */
function frames(): Uint8Array[] {
  return [0, 1, 2].map((i) =>
    frameBytes('Cognition', [
      { id: MessageID.idFrameInfo, payload: encode(FrameInfo, { ...FrameInfo.defaultValue(), time: 1000 + 16 * i }) },
      { id: MessageID.idBallModel, payload: encode(BallModel, { ...BallModel.defaultValue(), timeWhenLastSeen: i }) },
    ]),
  );
}

/** A configuration no threads.cfg has: Cognition alone, the ball from the simulator's oracle. */
const recorded: Configuration = {
  defaultRepresentations: ['FieldDimensions'],
  threads: [
    makeThread('Cognition', 'Cognition', {
      FrameInfo: 'LogDataProvider',
      GroundTruthWorldState: 'LogDataProvider',
      BallModel: 'SimulatedWorldModelProvider',
    }),
  ],
};

function save(name: string, configuration?: Configuration): string {
  const file = path.join(dir, name);
  saveLog(file, { configuration }, frames());
  return file;
}

describe('the module configuration a log records', () => {
  it('goes into the first frame after idFrameBegin, under a name only Pitchside maps (B-Human maps it to undefined)', () => {
    const log = LogFile.open(save('with.log', recorded));
    try {
      expect(log.problems).toEqual([]);
      expect(log.frameCount).toBe(3);
      expect(log.log.idNames).toEqual(logIdNames(true));
      expect(log.readFrame(0).messages.map((m) => m.id)).toEqual([
        CONFIGURATION_MESSAGE_ID,
        MessageID.idFrameInfo,
        MessageID.idBallModel,
      ]);
      expect(log.readFrame(1).messages.map((m) => m.id)).toEqual([MessageID.idFrameInfo, MessageID.idBallModel]);
      expect(recordedConfiguration(log)).toEqual({ kind: 'recorded', configuration: recorded, frame: 0 });
    } finally {
      log.close();
    }
    // A reader that knows only B-Human's names (as B-Human's own) finds nothing it would stop at: the name is unknown.
    expect(buildMessageIdRemap(logIdNames(true).slice(0, CONFIGURATION_MESSAGE_ID)).unknownNames).toEqual([]);
    expect(logIdNames(true)[CONFIGURATION_MESSAGE_ID]).toBe('idPitchsideConfiguration');
  });

  it('is absent from a log saved without one, whose id names stay the 90 data ids', () => {
    const log = LogFile.open(save('without.log'));
    try {
      expect(log.log.idNames).toHaveLength(90);
      expect(recordedConfiguration(log)).toEqual({ kind: 'none' });
    } finally {
      log.close();
    }
  });

  it('starts a replay (with log mr applied), unless a scenario is given; a damaged one falls back, saying why', () => {
    const warnings: string[] = [];
    const replay = openReplay('r', save('replay.log', recorded), {
      configRoot: CONFIG_ROOT,
      warn: (l) => warnings.push(l),
    });
    try {
      expect(replay.currentConfiguration.threads.map((t) => t.name)).toEqual(['Cognition']);
      expect(replay.currentConfiguration.threads[0]!.representationProviders).toContainEqual({
        representation: 'BallModel',
        provider: 'LogDataProvider',
      });
      expect(replay.recordedConfiguration).toEqual(recorded);
      expect(warnings).toEqual([]);
    } finally {
      replay.file.close();
    }
    const fromTree = openReplay('t', path.join(dir, 'replay.log'), { configRoot: CONFIG_ROOT, scenario: 'Default' });
    try {
      expect(fromTree.currentConfiguration.threads.map((t) => t.name)).toEqual([
        'Upper',
        'Lower',
        'Cognition',
        'Motion',
        'Audio',
      ]);
    } finally {
      fromTree.file.close();
    }
    // The configuration message cut short: the log still replays, with threads.cfg.
    const bytes = fs.readFileSync(path.join(dir, 'replay.log'));
    const at = bytes.indexOf(Buffer.from('FieldDimensions'));
    bytes.writeUInt32LE(0x7fffffff, at - 4); // the string's length now runs past the message
    const damaged = path.join(dir, 'damaged.log');
    fs.writeFileSync(damaged, bytes);
    warnings.length = 0;
    const fallback = openReplay('d', damaged, { configRoot: CONFIG_ROOT, warn: (l) => warnings.push(l) });
    try {
      expect(fallback.currentConfiguration.threads).toHaveLength(5);
      expect(warnings.join('\n')).toMatch(/module configuration \(frame 0\) is damaged/);
    } finally {
      fallback.file.close();
    }
  });
});
