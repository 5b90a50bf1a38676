/**
 * @file What the log views need of one replayed robot: its playback state for the bridge, its timeline (read
 * once, on first request) and stop-on-annotation, which pauses the player on the frame of a matching annotation
 * while it plays (checked per played frame, so even playback at maximum speed stops exactly there).
 */
import type { LogAnnotation } from '@robot-runtime/protocol/log/logIndex';
import { annotationFilter, type AnnotationFilter } from '@robot-runtime/protocol/log/annotationFilter';
import type { RobotConsole } from '../../console/RobotConsole';
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';
import { logSession } from '../../log/LogSession';
import { applyGamePlayback, applyPlayback } from '../../log/playback';
import type { ReplayRobot } from '../../log/ReplayRobot';
import { collectTimelineMarkers } from '../../log/timelineMarkers';
import type { LogPlayerState, LogTimeline, PlaybackAction, StopOnAnnotation } from '@app/ipc/logPlayer';

/** One replayed robot as the log views see it. */
export class ReplayTracker {
  private stop: StopOnAnnotation = { enabled: false, filter: '', regex: false };
  private filter: AnnotationFilter = annotationFilter('', false);
  private readonly annotationsByFrame = new Map<number, LogAnnotation[]>();
  private timelineCache: LogTimeline | undefined;
  private thread: string | undefined;
  private readonly unsubscribe: Unsubscribe;

  constructor(
    readonly console: RobotConsole,
    readonly replay: ReplayRobot,
    private readonly fileName: string,
  ) {
    for (const a of replay.file.log.index.annotations)
      this.annotationsByFrame.set(a.frame, [...(this.annotationsByFrame.get(a.frame) ?? []), a]);
    this.unsubscribe = replay.player.events.on('frame', (frame) => {
      this.thread = frame.thread;
      if (!this.stop.enabled || replay.player.state !== 'playing') return;
      if (this.annotationsByFrame.get(frame.index)?.some((a) => this.filter.matches(a))) replay.player.pause();
    });
  }

  /** The robot's name. */
  get name(): string {
    return this.console.name;
  }

  /** Sets stop-on-annotation. */
  setStopOnAnnotation(stop: StopOnAnnotation): void {
    this.stop = { enabled: stop.enabled, filter: stop.filter, regex: stop.regex };
    this.filter = annotationFilter(stop.filter, stop.regex);
  }

  /** Plays, pauses, seeks, steps… (with the logs opened together with this one where `log …` does). */
  control(action: PlaybackAction): void {
    const game = logSession(this.console).game;
    if (game) return applyGamePlayback(game.clock, this.name, action);
    applyPlayback(
      this.replay.player,
      logSession(this.console).group.map((r) => r.player),
      action,
    );
  }

  /** The playback state for the bridge. */
  state(): LogPlayerState {
    const { player, file } = this.replay;
    const time = player.time;
    const game = logSession(this.console).game;
    return {
      robot: this.name,
      file: this.fileName,
      frameCount: player.frameCount,
      current: player.current,
      state: player.state,
      loop: player.loop,
      speed: player.speed,
      ...(time !== undefined ? { time } : {}),
      ...(this.thread !== undefined && player.current >= 0 ? { thread: this.thread } : {}),
      image: player.current >= 0 && file.isImageFrame(player.current),
      threads: file.threads,
      damaged: player.damaged.size,
      stopOnAnnotation: this.stop,
      ...(game
        ? {
            game: game.names,
            gameTime: Math.round(game.clock.time),
            state: game.clock.state === 'playing' ? 'playing' : player.state,
            speed: game.clock.speed,
            loop: game.clock.loop,
          }
        : {}),
    };
  }

  /** Game-state changes and annotations (the file is walked once, then cached). */
  timeline(): LogTimeline {
    const file = this.replay.file;
    this.timelineCache ??= {
      robot: this.name,
      frameCount: file.frameCount,
      markers: collectTimelineMarkers(file),
      annotations: file.log.index.annotations.map((a) => ({
        frame: a.frame,
        thread: a.thread,
        name: a.name,
        description: a.description,
      })),
    };
    return this.timelineCache;
  }

  /** Stops listening and closes the log file. */
  dispose(): void {
    this.unsubscribe();
    this.replay.file.close();
  }
}
