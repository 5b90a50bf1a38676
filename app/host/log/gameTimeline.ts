/**
 * @file The timeline of a replayed game on the game clock: from the game recording, every change of the game state,
 * each kick-off (set → playing without a set play), each goal (a score that went up) and each penalty (a player
 * whose penalty became one); from the robots' logs, each fall (MotionInfo.isFallen turning true) and each
 * annotation; and the team messages on the air per second. Robot times become game times by their clock offsets.
 */
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { GameState, Penalty } from '@robot-runtime/protocol/gameController/gameControlData';
import type { AnyType } from '@robot-runtime/protocol/types';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import type { GameTimelineMarker } from '../../ipc/gameTimeline';
import type { FrameSource } from './FrameSource';
import type { FrameTimes } from './gameClockAlignment';
import type { GameRecordingContent } from './gameRecordingFormat';
import { payloadReader, scanMessages } from './logScan';

/** Width of the bins team messages are counted in (ms). */
export const TEAM_MESSAGE_BIN_MS = 1000;
/** Most bins (a longer game gets wider ones), so the timeline stays small on the bridge. */
const MAX_BINS = 4000;

const STATE_NAMES = new Map(Object.entries(GameState).map(([name, code]) => [code as number, name]));
const PENALTY_NAMES = new Map(Object.entries(Penalty).map(([name, code]) => [code as number, name]));

/** Markers of the GameController's packets: state changes, kick-offs, goals, penalties (time: the recording's clock). */
export function gameControllerMarkers(recording: GameRecordingContent): GameTimelineMarker[] {
  const markers: GameTimelineMarker[] = [];
  let previous: GameRecordingContent['packets'][number]['data'] | undefined;
  for (const { time, data } of recording.packets) {
    if (Number.isNaN(time)) continue;
    if (data.state !== previous?.state) {
      markers.push({ time, kind: 'gameState', label: STATE_NAMES.get(data.state) ?? `state ${data.state}` });
      if (previous?.state === GameState.set && data.state === GameState.playing && data.setPlay === 0)
        markers.push({ time, kind: 'kickOff', label: `kick-off team ${data.kickingTeam}` });
    }
    data.teams.forEach((team, t) => {
      const before = previous?.teams[t];
      if (before && team.score > before.score)
        markers.push({
          time,
          kind: 'goal',
          label: `goal team ${team.teamNumber} (${data.teams[0]!.score}:${data.teams[1]!.score})`,
        });
      team.players.forEach((p, i) => {
        // The first packet sets the scene (empty slots are substitutes): only later changes are penalties.
        const was = before?.players[i]?.penalty;
        if (was !== undefined && p.penalty !== Penalty.none && p.penalty !== was)
          markers.push({
            time,
            kind: 'penalty',
            label: `team ${team.teamNumber} player ${i + 1}: ${PENALTY_NAMES.get(p.penalty) ?? `penalty ${p.penalty}`}`,
          });
      });
    });
    previous = data;
  }
  return markers;
}

/** A robot's falls and annotations on its own clock. */
export function robotMarkers(robot: string, file: FrameSource, times: FrameTimes): GameTimelineMarker[] {
  const markers: GameTimelineMarker[] = [];
  const read = payloadReader<{ isFallen?: unknown }>(file.typeInfo, 'MotionInfo', MotionInfo as AnyType);
  let fallen = false;
  scanMessages(file, new Set([MessageID.idMotionInfo]), (frame, _thread, _id, payload) => {
    try {
      const now = read(payload).isFallen === true;
      const time = times.timeOf(frame);
      if (now && !fallen && !Number.isNaN(time)) markers.push({ time, kind: 'fall', label: `${robot} fell`, robot });
      fallen = now;
    } catch {
      // A damaged MotionInfo marks nothing.
    }
  });
  for (const a of file.log.index.annotations) {
    const time = times.timeOf(a.frame);
    if (!Number.isNaN(time))
      markers.push({ time, kind: 'annotation', label: `${robot}: ${a.name}: ${a.description}`, robot });
  }
  return markers;
}

/** Team messages per bin from `start` to `end` (ms, game clock); `sentAt` is on the recording's clock too. */
export function teamMessageDensity(
  sentAt: readonly number[],
  start: number,
  end: number,
): { binMs: number; counts: number[] } {
  const span = Math.max(0, end - start);
  const binMs = Math.max(TEAM_MESSAGE_BIN_MS, Math.ceil(span / MAX_BINS / TEAM_MESSAGE_BIN_MS) * TEAM_MESSAGE_BIN_MS);
  const counts = new Array<number>(Math.floor(span / binMs) + 1).fill(0);
  for (const t of sentAt) {
    const bin = Math.floor((t - start) / binMs);
    if (bin >= 0 && bin < counts.length) counts[bin]!++;
  }
  return { binMs, counts };
}
