import type { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { LogChunk, SETTINGS_VERSION } from './chunks';

/** Who recorded a log (settings chunk, or parsed from a robot log's file name). */
export interface LogSettings {
  headName: string;
  bodyName: string;
  playerNumber: number;
  location: string;
  scenario: string;
}

/** Writes the settings chunk: id 4, uint32 version, head, body, int player number, location, scenario. */
export function writeSettingsChunk(out: OutBinary, settings: LogSettings): void {
  out.uint8(LogChunk.settings);
  out.uint32(SETTINGS_VERSION);
  out.string(settings.headName);
  out.string(settings.bodyName);
  out.int32(settings.playerNumber);
  out.string(settings.location);
  out.string(settings.scenario);
}

/** The settings chunk as bytes (chunk id included). */
export function settingsChunkBytes(settings: LogSettings): Uint8Array {
  const out = new OutBinary(64);
  writeSettingsChunk(out, settings);
  return out.toBytes();
}

/** Reads the body of a settings chunk (after its id byte); an unknown version is malformed input. */
export function readSettingsChunk(inp: InBinary): LogSettings {
  const at = inp.offset;
  const version = inp.uint32();
  if (version !== SETTINGS_VERSION)
    throw new StreamError(`settings chunk version ${version} is not ${SETTINGS_VERSION}`, inp.baseOffset + at);
  const headName = inp.string();
  const bodyName = inp.string();
  const playerNumber = inp.int32();
  const location = inp.string();
  const scenario = inp.string();
  return { headName, bodyName, playerNumber, location, scenario };
}
