/**
 * @file The team monitor's data: the host's current frame, asked once when the view opens, then the streamed
 * frames (at most 10 a second).
 */
import { useEffect, useState } from 'react';
import type { TeamMonitorFrame } from '@app/ipc/teamMonitor';
import { useDataSource } from '../../data/DataSourceContext';
import { errorText, isNotInSession } from '../../services/hostErrors';

/** The newest frame; undefined until the host answered (or when this host has no team monitor). */
export function useTeamMonitorFrame(): [TeamMonitorFrame | undefined, string | undefined] {
  const { teamMonitor } = useDataSource();
  const [frame, setFrame] = useState<TeamMonitorFrame | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    teamMonitor.state().then(
      (f) => live && setFrame((current) => current ?? f),
      (e: unknown) => live && setError(isNotInSession(e) ? 'this session has none (npm start runs one)' : errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [teamMonitor]);
  useEffect(
    () =>
      teamMonitor.onFrame((f) => {
        setFrame(f);
        setError(undefined);
      }),
    [teamMonitor],
  );
  return [frame, error];
}
