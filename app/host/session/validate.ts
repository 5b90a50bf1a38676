/**
 * @file Checks on request payloads. The renderer is untrusted (a page may be compromised), so every field is
 * checked for type and size before the host acts on it; a bad request fails with a message, never a crash.
 */
import type { RequestChannel } from '../../ipc/channels';
import { STREAM_KINDS, type LayoutJson, type RequestOf, type StreamKind } from '../../ipc/messages';
import { FILE_EXTENSIONS, type FilePurpose } from '../../ipc/files';
import { isLogPlayerRequestChannel } from '../../ipc/logPlayer';
import { isSimulationRequestChannel } from '../../ipc/simulation';
import { isTeamMonitorRequestChannel } from '../../ipc/teamMonitor';
import { MAX_LAYOUT_BYTES } from './LayoutStore';
import { validateLogPlayerRequest } from '../providers/log/validateLogPlayer';
import { validateSimulationRequest } from '../providers/simulation/validateSimulation';
import { validateTeamMonitorRequest } from '../providers/teamMonitor/validateTeamMonitor';

/** Longest console line accepted. */
const MAX_LINE = 64 * 1024;
/** Largest script accepted. */
const MAX_SCRIPT = 1024 * 1024;
/** Longest name (robot, key, scene). */
const MAX_NAME = 1024;
/** Longest path accepted. */
const MAX_PATH = 4096;
const STREAMS: ReadonlySet<StreamKind> = new Set(STREAM_KINDS);

function fail(message: string): never {
  throw new Error(`Bad request: ${message}`);
}

function purpose(record: Record<string, unknown>): FilePurpose {
  const value = record.purpose;
  if (typeof value !== 'string' || !Object.hasOwn(FILE_EXTENSIONS, value)) fail(`unknown purpose ${String(value)}`);
  return value as FilePurpose;
}

function string(record: Record<string, unknown>, key: string, max: number, optional = false): string | undefined {
  const value = record[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') fail(`${key} must be a string`);
  if (value.length > max) fail(`${key} is longer than ${max} characters`);
  return value;
}

/** Returns `payload` typed for `channel` when it is well-formed; throws otherwise. */
export function validateRequest<C extends RequestChannel>(channel: C, payload: unknown): RequestOf<C> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) fail('payload must be an object');
  const r = payload as Record<string, unknown>;
  if (isSimulationRequestChannel(channel)) return validateSimulationRequest(channel, r) as RequestOf<C>;
  if (isLogPlayerRequestChannel(channel)) return validateLogPlayerRequest(channel, r) as RequestOf<C>;
  if (isTeamMonitorRequestChannel(channel)) return validateTeamMonitorRequest(channel, r) as RequestOf<C>;
  switch (channel) {
    case 'pitchside:console.run':
      return { line: string(r, 'line', MAX_LINE)! } as RequestOf<C>;
    case 'pitchside:console.runScript':
      return { name: string(r, 'name', MAX_NAME)!, text: string(r, 'text', MAX_SCRIPT)! } as RequestOf<C>;
    case 'pitchside:data.subscribe': {
      const stream = string(r, 'stream', 32) as StreamKind;
      if (!STREAMS.has(stream)) fail(`unknown stream ${stream}`);
      return { robot: string(r, 'robot', MAX_NAME)!, stream, key: string(r, 'key', MAX_NAME, true) } as RequestOf<C>;
    }
    case 'pitchside:data.unsubscribe':
      return { subscription: string(r, 'subscription', 64)! } as RequestOf<C>;
    case 'pitchside:robot.run':
      return { robot: string(r, 'robot', MAX_NAME)!, line: string(r, 'line', MAX_LINE)! } as RequestOf<C>;
    case 'pitchside:robot.names':
      return { robot: string(r, 'robot', MAX_NAME)! } as RequestOf<C>;
    case 'pitchside:layout.load':
      return { scene: string(r, 'scene', MAX_NAME)! } as RequestOf<C>;
    case 'pitchside:layout.save': {
      const layout = r.layout;
      if (typeof layout !== 'object' || layout === null || Array.isArray(layout)) fail('layout must be an object');
      if (JSON.stringify(layout).length > MAX_LAYOUT_BYTES) fail(`layout is larger than ${MAX_LAYOUT_BYTES} bytes`);
      return { scene: string(r, 'scene', MAX_NAME)!, layout: layout as LayoutJson } as RequestOf<C>;
    }
    case 'pitchside:files.list': {
      const dir = string(r, 'dir', MAX_PATH, true);
      return { purpose: purpose(r), ...(dir ? { dir } : {}) } as RequestOf<C>;
    }
    case 'pitchside:files.choose':
      return { purpose: purpose(r) } as RequestOf<C>;
    case 'pitchside:scene.open':
    case 'pitchside:log.open': {
      const file = string(r, 'file', MAX_PATH)!;
      if (file.trim() === '') fail('file must not be empty');
      return { file } as RequestOf<C>;
    }
    default:
      return {} as RequestOf<C>;
  }
}
