/**
 * @file A robot's own data source over the session's: every call names the robot once, here. The session keeps
 * one per robot name, so views of the same robot share it (and its shared stream subscriptions).
 */
import type { LogPlayerState, LogTimeline, PlaybackAction } from '../../app/ipc/logPlayer';
import type { CompletionSet, StreamKind } from '../../app/ipc/messages';
import type { ImageFrameResponse } from '../../app/ipc/simulation';
import type { RobotDataSource, RobotSource, SourceCapabilities, StreamItem, Unsubscribe } from './DataSource';

/** The per-robot view of a session's data source. */
export class SessionRobotSource implements RobotSource {
  constructor(
    private readonly session: RobotDataSource,
    readonly robot: string,
  ) {}

  capabilities(): SourceCapabilities {
    return this.session.capabilities(this.robot);
  }

  subscribe<K extends StreamKind>(
    stream: K,
    key: string | undefined,
    listener: (item: StreamItem<K>) => void,
  ): Unsubscribe {
    return this.session.subscribe(this.robot, stream, key, listener);
  }

  run(line: string): Promise<void> {
    return this.session.run(this.robot, line);
  }

  image(view: string, after?: number): Promise<ImageFrameResponse> {
    return this.session.image({ robot: this.robot, view, ...(after !== undefined ? { after } : {}) });
  }

  names(): Promise<CompletionSet> {
    return this.session.names(this.robot);
  }

  timeline(): Promise<LogTimeline> {
    return this.session.playback.timeline(this.robot);
  }

  control(action: PlaybackAction): Promise<LogPlayerState> {
    return this.session.playback.control(this.robot, action);
  }
}
