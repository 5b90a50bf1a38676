/**
 * @file Seeking without flooding the host: while one seek is on its way, later targets replace each other and
 * only the newest is sent when it returns (dragging the slider across a large log stays responsive).
 */
import { useCallback, useRef } from 'react';
import type { PlaybackSource } from '../../data/DataSource';

/** Returns `seek(frame)` for `robot`. */
export function useSeek(playback: PlaybackSource, robot: string | undefined): (frame: number) => void {
  const inFlight = useRef(false);
  const next = useRef<number | undefined>(undefined);
  return useCallback(
    (frame: number) => {
      if (robot === undefined) return;
      next.current = frame;
      if (inFlight.current) return;
      const send = (): void => {
        const target = next.current;
        next.current = undefined;
        if (target === undefined) {
          inFlight.current = false;
          return;
        }
        inFlight.current = true;
        playback.control(robot, { kind: 'seek', frame: Math.max(0, Math.round(target)) }).then(send, send);
      };
      send();
    },
    [playback, robot],
  );
}
