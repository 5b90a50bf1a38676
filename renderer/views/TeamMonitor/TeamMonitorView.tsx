/**
 * @file The team monitor view (NUbots' dashboard and B-Human's TeamCommunicationMonitor in one): every robot heard
 * on a team port, from the simulation or the real network, on one field and as one card each; rule-breaking
 * messages are highlighted in both. The host decodes and summarizes; this view only draws its frames.
 */
import { useState, type ReactNode } from 'react';
import type { TeamMonitorFrame } from '@app/ipc/teamMonitor';
import { EmptyState } from '../../components/EmptyState';
import '../../components/views.css';
import { useSceneDescription } from '../../data/scene';
import type { ViewProps } from '../../services/viewContract';
import { FieldPlot } from './FieldPlot';
import { SPL_FIELD } from './geometry';
import { ListenBar } from './ListenBar';
import { RobotCards } from './RobotCards';
import { useTeamMonitorFrame } from './useTeamMonitor';
import './TeamMonitor.css';

/** What to do when nothing was heard yet. */
function NothingHeard({ frame }: { frame: TeamMonitorFrame }): ReactNode {
  return (
    <EmptyState testId="tm-empty">
      No team messages heard yet.{' '}
      {frame.simulation ? (
        <>
          The simulated robots send in the ready, set and playing states: start the game with <code>gc ready</code> in
          the console or the GameController view.{' '}
        </>
      ) : (
        <>
          This session simulates no scene (the 7 vs 7 game runs with <code>npm start</code>).{' '}
        </>
      )}
      {frame.listening.length ? (
        `Listening on ${frame.listening.map((l) => `port ${l.port}`).join(', ')}: no robot has sent there yet.`
      ) : (
        <>
          To watch robots on the network, enter their team number above and press Listen (or type{' '}
          <code>tm on &lt;team&gt;</code>).
        </>
      )}
    </EmptyState>
  );
}

/** The team monitor view. */
export function TeamMonitorView(_props: ViewProps): ReactNode {
  const [frame, error] = useTeamMonitorFrame();
  const { scene } = useSceneDescription();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  if (!frame) {
    return (
      <div className="robot-view tm-root" data-testid="team-monitor">
        <EmptyState testId="tm-empty">
          {error
            ? `The team monitor is not available: ${error}. Errors of the host appear in the Console.`
            : 'Waiting for the team monitor…'}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="robot-view tm-root" data-testid="team-monitor">
      <ListenBar frame={frame} />
      {frame.robots.length === 0 ? (
        <NothingHeard frame={frame} />
      ) : (
        <div className="tm-body">
          <div className="tm-field-pane">
            <FieldPlot
              field={scene?.field ?? SPL_FIELD}
              robots={frame.robots}
              selected={selected}
              onSelect={setSelected}
            />
            <div className="tm-legend">
              wedge: pose · dot: ball it sees · dashed: walk command · arrow: kick target ·{' '}
              <span className="tm-error">red ring: rule violation</span>
            </div>
          </div>
          <RobotCards robots={frame.robots} selected={selected} onSelect={setSelected} />
        </div>
      )}
    </div>
  );
}
