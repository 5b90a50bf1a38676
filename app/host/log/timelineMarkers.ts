/**
 * @file Marks on the log player's timeline: GameController state changes (from logged GameState and
 * GameControllerData) and annotations. Only the message headers of each frame and the few game-state payloads are
 * read, in large sequential blocks, so even a large log is walked at disk speed; meant to run on demand.
 */
import { decode } from '@robot-runtime/protocol/binary/encode';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { BlockReader } from '@robot-runtime/protocol/log/ByteSource';
import { frameRange } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState } from '@robot-runtime/representations/Infrastructure/GameState';
import type { FrameSource } from './FrameSource';

/** One mark on the timeline. */
export interface TimelineMarker {
  frame: number;
  thread: string;
  kind: 'gameState' | 'gameController' | 'annotation';
  /** What to show: the new state, or `name: description` of the annotation. */
  label: string;
}

/** GameControllerData.state numbers (RoboCupGameControlData). */
const GC_STATES = ['initial', 'ready', 'set', 'playing', 'finished', 'standby'];

/** Decodes the `state` field of `typeName` under the log's type info (our declaration when it has none). */
function stateReader(
  typeInfo: TypeInfo | undefined,
  typeName: string,
  ours: AnyType,
): (payload: Uint8Array) => unknown {
  if (typeInfo?.classes.has(typeName)) {
    const codec = genericCodec(typeInfo, typeName);
    return (payload) => (codec.read(new InBinary(payload)) as { state?: unknown }).state;
  }
  return (payload) => (decode(ours as TypeRef<unknown>, payload) as { state?: unknown }).state;
}

function stateLabel(state: unknown, names?: readonly string[]): string | undefined {
  if (typeof state === 'number') return names?.[state] ?? String(state);
  if (state && typeof state === 'object' && 'value' in state)
    return (state as { name?: string; value: number }).name ?? String((state as { value: number }).value);
  return undefined;
}

/** All markers of `file`, in frame order. Malformed game-state messages are skipped. */
export function collectTimelineMarkers(file: FrameSource): TimelineMarker[] {
  const log = file.log;
  const markers: TimelineMarker[] = [];
  const readers = {
    [MessageID.idGameState]: {
      kind: 'gameState' as const,
      read: stateReader(file.typeInfo, 'GameState', GameState as AnyType),
      names: undefined,
    },
    [MessageID.idGameControllerData]: {
      kind: 'gameController' as const,
      read: stateReader(file.typeInfo, 'GameControllerData', GameControllerData as AnyType),
      names: GC_STATES,
    },
  };
  const last = new Map<string, string>();
  const reader = new BlockReader(log.source);
  for (let i = 0; i < file.frameCount; i++) {
    const { start, end } = frameRange(log, i);
    let pos = start;
    let thread = '';
    while (pos + 4 <= end) {
      const h = reader.read(pos, 4);
      const size = h[1]! | (h[2]! << 8) | (h[3]! << 16);
      const id = log.idTable[h[0]!] ?? 0;
      if (pos + 4 + size > end) break;
      if (id === MessageID.idFrameBegin && size >= 4) thread = new TextDecoder().decode(reader.read(pos + 8, size - 4));
      const r = id === MessageID.idGameState || id === MessageID.idGameControllerData ? readers[id] : undefined;
      if (r) {
        try {
          const label = stateLabel(r.read(reader.read(pos + 4, size)), r.names);
          const key = `${r.kind}|${thread}`;
          if (label !== undefined && last.get(key) !== label) {
            last.set(key, label);
            markers.push({ frame: i, thread, kind: r.kind, label });
          }
        } catch {
          // A damaged game-state message is no marker.
        }
      }
      pos += 4 + size;
    }
  }
  for (const a of log.index.annotations)
    markers.push({ frame: a.frame, thread: a.thread, kind: 'annotation', label: `${a.name}: ${a.description}` });
  return markers.sort((a, b) => a.frame - b.frame);
}
