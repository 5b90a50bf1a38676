/**
 * @file Marks on the log player's timeline: GameController state changes (from logged GameState and
 * GameControllerData) and annotations. The log is walked by scanMessages (headers and the game-state payloads only),
 * so even a large log is walked at disk speed; meant to run on demand.
 */
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType } from '@robot-runtime/protocol/types';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState } from '@robot-runtime/representations/Infrastructure/GameState';
import type { FrameSource } from './FrameSource';
import { payloadReader, scanMessages } from './logScan';

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
  const read = payloadReader<{ state?: unknown }>(typeInfo, typeName, ours);
  return (payload) => read(payload).state;
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
  const ids = new Set<number>([MessageID.idGameState, MessageID.idGameControllerData]);
  scanMessages(file, ids, (i, thread, id, payload) => {
    const r = readers[id as keyof typeof readers];
    try {
      const label = stateLabel(r.read(payload), r.names);
      const key = `${r.kind}|${thread}`;
      if (label !== undefined && last.get(key) !== label) {
        last.set(key, label);
        markers.push({ frame: i, thread, kind: r.kind, label });
      }
    } catch {
      // A damaged game-state message is no marker.
    }
  });
  for (const a of log.index.annotations)
    markers.push({ frame: a.frame, thread: a.thread, kind: 'annotation', label: `${a.name}: ${a.description}` });
  return markers.sort((a, b) => a.frame - b.frame);
}
