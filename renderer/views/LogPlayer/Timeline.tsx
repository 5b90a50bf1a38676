/**
 * @file The frame slider with its timeline markers: GameController state changes and annotations sit above the
 * track at their frames (hover shows what happened, a click seeks there). While the thumb is dragged the slider
 * shows the dragged frame, not the host's, so it does not jump back between seeks.
 */
import { useState, type ReactNode } from 'react';
import type { LogTimelineMarker } from '@app/ipc/logPlayer';

/** Props of the timeline. */
export interface TimelineProps {
  readonly frameCount: number;
  /** The last played frame (−1 before the first). */
  readonly current: number;
  readonly markers: readonly LogTimelineMarker[];
  /** Seeks to a frame (the slider calls it while dragging; the caller coalesces). */
  readonly onSeek: (frame: number) => void;
}

/** Horizontal position of `frame` in percent of the track. */
function position(frame: number, frameCount: number): string {
  return `${frameCount <= 1 ? 0 : (100 * frame) / (frameCount - 1)}%`;
}

/** The slider and its markers. */
export function Timeline({ frameCount, current, markers, onSeek }: TimelineProps): ReactNode {
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  const value = dragged ?? Math.max(0, current);
  return (
    <div className="log-timeline">
      <div className="log-markers" data-testid="log-markers">
        {markers.map((m, i) => (
          <button
            type="button"
            key={`${m.frame}-${m.kind}-${i}`}
            className={`log-marker ${m.kind}`}
            style={{ left: position(m.frame, frameCount) }}
            title={`Frame ${m.frame} (${m.thread}): ${m.kind === 'annotation' ? m.label : `game state ${m.label}`}`}
            aria-label={`${m.kind} ${m.label} at frame ${m.frame}`}
            data-frame={m.frame}
            data-kind={m.kind}
            tabIndex={-1}
            onClick={() => onSeek(m.frame)}
          />
        ))}
      </div>
      <input
        type="range"
        className="log-slider"
        data-testid="log-slider"
        aria-label="Frame"
        min={0}
        max={Math.max(0, frameCount - 1)}
        step={1}
        value={value}
        onChange={(e) => {
          const frame = Number(e.target.value);
          setDragged(frame);
          onSeek(frame);
        }}
        onPointerUp={() => setDragged(undefined)}
        onBlur={() => setDragged(undefined)}
      />
    </div>
  );
}
