/**
 * @file All logs of one game replayed as one session (`sml` on a recording directory): the robots' replays on one
 * game clock (GameClock, aligned by gameClockAlignment.ts), the game recording's GameController packets and team
 * messages when there is one, and the game timeline. Opening walks each log once (message headers, FrameInfo and
 * GameControllerData payloads); the timeline walks them once more on first request.
 */
import nodePath from 'node:path';
import type { GameTimeline } from '../../ipc/gameTimeline';
import type { FrameSource } from './FrameSource';
import { GameClock } from './GameClock';
import { alignGame, readClockData, type ClockData, type GameAlignment } from './gameClockAlignment';
import { readGameRecording, type GameRecordingContent } from './gameRecordingFormat';
import { gameControllerMarkers, robotMarkers, teamMessageDensity } from './gameTimeline';
import type { ReplayRobot } from './ReplayRobot';

/** One game's replay. */
export class GameSession {
  readonly clock: GameClock;
  readonly alignment: GameAlignment;
  /** The game recording's content, when the game has one. */
  readonly recording: GameRecordingContent | undefined;
  private readonly clockData: Map<string, ClockData>;
  private timelineCache: GameTimeline | undefined;

  constructor(
    readonly robots: ReadonlyMap<string, ReplayRobot>,
    private readonly recordingFile: FrameSource | undefined,
    wall: () => number,
  ) {
    this.clockData = new Map([...robots].map(([name, r]) => [name, readClockData(r.file)]));
    const gameData = recordingFile ? readClockData(recordingFile) : undefined;
    this.recording = recordingFile ? readGameRecording(recordingFile) : undefined;
    this.alignment = alignGame(this.clockData, gameData);
    this.clock = new GameClock(
      [...robots].map(([name, r]) => ({
        name,
        player: r.player,
        times: this.clockData.get(name)!.times,
        offset: this.alignment.robots.get(name)!.offset,
      })),
      wall,
    );
  }

  /** The names of the game's robots. */
  get names(): string[] {
    return [...this.robots.keys()];
  }

  /** The game timeline (computed on first request). */
  timeline(): GameTimeline {
    if (this.timelineCache) return this.timelineCache;
    // The timeline spans the robots' logs and the game recording: a team message sent after the last log frame
    // still counts.
    const sentAt = this.recording?.teamMessages.map((m) => m.sentAt) ?? [];
    const recorded = [...sentAt, ...(this.recording?.packets.map((p) => p.time) ?? [])];
    const start = recorded.reduce((a, b) => Math.min(a, b), this.clock.start);
    const end = recorded.reduce((a, b) => Math.max(a, b), this.clock.end);
    const markers = this.recording ? gameControllerMarkers(this.recording) : [];
    for (const [name, robot] of this.robots) {
      const offset = this.alignment.robots.get(name)!.offset;
      for (const m of robotMarkers(name, robot.file, this.clockData.get(name)!.times))
        markers.push({ ...m, time: m.time - offset });
    }
    markers.sort((a, b) => a.time - b.time);
    this.timelineCache = {
      start,
      end,
      method: this.alignment.method,
      reference: this.alignment.reference,
      robots: [...this.alignment.robots].map(([robot, c]) => ({
        robot,
        offset: c.offset,
        samples: c.samples,
        spread: c.spread,
      })),
      ...(this.recordingFile ? { recording: nodePath.basename(this.recordingFile.path) } : {}),
      markers,
      teamMessages: teamMessageDensity(sentAt, start, end),
    };
    return this.timelineCache;
  }

  /** Releases the players from the game clock and closes the game recording. */
  dispose(): void {
    this.clock.dispose();
    this.recordingFile?.close();
  }
}
