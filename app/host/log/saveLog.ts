/**
 * @file Writes a log file in the order B-Human's console saves one (formats §3.1): settings, message ids, type info,
 * the uncompressed queue and the index. Frames are streamed to disk, the index is collected on the way, and the
 * file is written under a temporary name and renamed at the end, so a failed save never destroys an older log.
 * A recorded module configuration goes into the first frame (recordedConfiguration.ts).
 */
import fs from 'node:fs';
import { IndexBuilder } from '@robot-runtime/protocol/log/IndexBuilder';
import { indexChunkBytes, type LogIndex } from '@robot-runtime/protocol/log/logIndex';
import type { LogSettings } from '@robot-runtime/protocol/log/settingsChunk';
import { identityTable, indexFrameBytes, logHeaderBytes, queueHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import { configurationMessage, insertAfterFrameBegin, logIdNames } from './recordedConfiguration';

/** What a saved log says about itself. */
export interface SaveLogSpec {
  settings?: LogSettings;
  /** Serialized TypeInfo of the recorded types. */
  typeInfo?: Uint8Array;
  /** Names of the ids the frames use; our data ids by default (and the configuration's id when there is one). */
  idNames?: readonly string[];
  /** The module configuration the robot ran with, written into the first frame. */
  configuration?: Configuration;
}

/** Writes `frames` (serialized frames in our numbering) to `path`; returns the index written. */
export function saveLog(path: string, spec: SaveLogSpec, frames: Iterable<Uint8Array>): LogIndex {
  const idNames = spec.idNames ?? logIdNames(spec.configuration !== undefined);
  const configuration = spec.configuration && configurationMessage(spec.configuration);
  const header = logHeaderBytes({ settings: spec.settings, idNames, typeInfo: spec.typeInfo });
  const temporary = `${path}.saving-${process.pid}`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, header);
    const builder = new IndexBuilder(identityTable());
    let offset = 0;
    for (let frame of frames) {
      if (offset === 0 && configuration) frame = insertAfterFrameBegin(frame, configuration);
      indexFrameBytes(builder, frame, offset);
      fs.writeSync(fd, frame);
      offset += frame.length;
    }
    fs.writeSync(fd, queueHeaderBytes(offset), 0, 8, header.length - 8);
    const index = builder.build(idNames.length);
    const indexBytes = indexChunkBytes(index);
    fs.writeSync(fd, indexBytes, 0, indexBytes.length, header.length + offset);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temporary, path);
    return index;
  } catch (e) {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed
    }
    fs.rmSync(temporary, { force: true });
    throw e;
  }
}
