/**
 * @file The team monitor's toolbar: listen on a team's port of the real network (10000 + team; the console's
 * `tm on <team>` does the same), the ports listened on with a stop button each, the GameControllers heard (which
 * league's packet, the state, refused datagrams) and the totals.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { TeamMessageFormat, TeamMonitorFrame } from '@app/ipc/teamMonitor';
import { useDataSource } from '../../data/DataSourceContext';

/** The toolbar. */
export function ListenBar({ frame }: { frame: TeamMonitorFrame | undefined }): ReactNode {
  const { teamMonitor } = useDataSource();
  const [team, setTeam] = useState('');
  const [format, setFormat] = useState<TeamMessageFormat>('bhuman');
  const [error, setError] = useState<string | undefined>(undefined);
  const listen = (number: number, on: boolean, f: TeamMessageFormat = format): void => {
    setError(undefined);
    teamMonitor
      .listen({ team: number, on, format: f })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const number = Number(team);
    if (team.trim() === '' || !Number.isInteger(number) || number < 0 || number > 255) {
      setError('Team numbers are 0 to 255');
      return;
    }
    listen(number, true);
  };
  const shown = error ?? frame?.error;
  return (
    <form className="view-toolbar" onSubmit={submit} aria-label="Listen on the network">
      <label>
        Team{' '}
        <input
          className="tm-team-input"
          value={team}
          onChange={(e) => setTeam(e.target.value)}
          inputMode="numeric"
          placeholder="e.g. 5"
          data-testid="tm-team"
        />
      </label>
      <select
        value={format}
        onChange={(e) => setFormat(e.target.value as TeamMessageFormat)}
        aria-label="Message format"
        data-testid="tm-format"
      >
        <option value="bhuman">B-Human (teamMessage.def)</option>
        <option value="standard">standard (protobuf)</option>
      </select>
      <button type="submit" data-testid="tm-listen" title="Listen on port 10000 + team (tm on <team>)">
        Listen
      </button>
      {frame?.listening.map((l) => (
        <span key={l.team} className="tm-listening" data-testid="tm-listening">
          team {l.team} · port {l.port} · {l.format}{' '}
          <button type="button" onClick={() => listen(l.team, false)} aria-label={`Stop listening for team ${l.team}`}>
            stop
          </button>
        </span>
      ))}
      {frame?.gameControllers?.map((g) => (
        <span
          key={g.source}
          className="tm-gc"
          data-testid="tm-gc"
          title={
            g.source === 'network'
              ? `${g.packets ?? 0} packets from ${g.address ?? '?'}; ${g.refused ?? 0} datagrams on the port refused`
              : 'The simulated GameController (gc protocol spl | hsl chooses its packet)'
          }
        >
          {g.source === 'simulation' ? 'simulated' : g.source === 'replay' ? 'replayed' : 'network'} GameController:{' '}
          {g.protocol.toUpperCase()} · {g.state}
          {g.refused ? <span className="tm-error"> · {g.refused} refused</span> : null}
        </span>
      ))}
      <span className="spacer" />
      {shown && (
        <span className="tm-error" role="alert">
          {shown}
        </span>
      )}
      {frame && (
        <span className="status" data-testid="tm-totals">
          {frame.robots.length} robots · {frame.robots.reduce((n, r) => n + r.messages, 0)} messages ·{' '}
          <span className={frame.violations ? 'tm-error' : undefined}>{frame.violations} violations</span>
        </span>
      )}
    </form>
  );
}
