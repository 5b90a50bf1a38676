/**
 * @file The Test Runs view: the runs of the session's last `test game` / `test situation` (formats §1.3) as a
 * table — seed, outcome, simulated time, score, what happened — with one button per recorded log. A click replays
 * that log: the view runs `sl run<N>_<robot> <file>` in the console and opens the Log Player on it. While a test
 * runs, Stop runs `test stop`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { TestRunResult, TestRunsState } from '@app/ipc/testRuns';
import { EmptyState } from '../../components/EmptyState';
import '../../components/views.css';
import { useDataSource } from '../../data/DataSourceContext';
import { Commands } from '../../services/CommandBus';
import { errorText, isNotInSession } from '../../services/hostErrors';
import { useServices } from '../../services/ServicesContext';
import './TestRuns.css';

/** The session's test; undefined until the host answered; an error when the session has no test runner. */
function useTestRuns(): [TestRunsState | undefined, string | undefined] {
  const { testRuns } = useDataSource();
  const [state, setState] = useState<TestRunsState | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    testRuns.state().then(
      (s) => live && setState((current) => current ?? s),
      (e: unknown) => live && setError(isNotInSession(e) ? 'this session has no test runner' : errorText(e)),
    );
    const off = testRuns.onChange((s) => {
      setState(s);
      setError(undefined);
    });
    return () => {
      live = false;
      off();
    };
  }, [testRuns]);
  return [state, error];
}

/** The robot name a run's log is replayed as. */
const replayName = (run: number, robot: string): string => `run${run}_${robot}`;

/** `running · 3 / 10 done · 2 passed, 1 failed · about 45 s left` (passed: target reached or game finished). */
function runningStatus(state: TestRunsState): string {
  const passed = state.runs.filter((r) => r.outcome === 'reached' || r.outcome === 'finished').length;
  const counts = state.runs.length ? ` · ${passed} passed, ${state.runs.length - passed} failed` : '';
  const left = state.secondsLeft === undefined ? '' : ` · about ${formatSeconds(state.secondsLeft)} left`;
  return `running · ${state.runs.length} / ${state.total} done${counts}${left}`;
}

/** `12 s`, `4 min 05 s`. */
function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** The view. */
export function TestRunsView(): ReactNode {
  const [state, error] = useTestRuns();
  const source = useDataSource();
  const { commands } = useServices();
  if (error) return <EmptyState testId="test-runs-empty">No test runs: {error}.</EmptyState>;
  if (!state || state.command === '')
    return (
      <EmptyState testId="test-runs-empty">
        No test has run yet. Start one in the console, e.g. <code>test situation 3 10 fuz pos 200 goalTeamA</code> or{' '}
        <code>test game 1</code> (<code>test help</code> lists the targets); every run is recorded and listed here.
      </EmptyState>
    );
  const open = async (run: TestRunResult, robot: string, file: string): Promise<void> => {
    const name = replayName(run.run, robot);
    await source.console.run(`sl ${name} "${file.replace(/\\/g, '\\\\')}"`);
    await commands.execute(Commands.openView, 'logplayer', { robot: name }, { focus: true });
  };
  return (
    <div className="robot-view test-runs" data-testid="test-runs">
      <div className="view-toolbar">
        <code>{state.command}</code>
        <span className="spacer" />
        {state.running && (
          <button type="button" onClick={() => void source.console.run('test stop')} data-testid="test-runs-stop">
            Stop
          </button>
        )}
        <span className="status" data-testid="test-runs-status">
          {state.running ? runningStatus(state) : `${state.runs.length} run${state.runs.length === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="view-body">
        <table className="view-table" data-testid="test-runs-table">
          <thead>
            <tr>
              <th>Run</th>
              <th>Seed</th>
              <th>Result</th>
              <th>Sim s</th>
              <th>Score</th>
              <th>What happened</th>
              <th>Logs</th>
            </tr>
          </thead>
          <tbody>
            {state.runs.map((run) => (
              <tr key={run.run} data-testid={`test-run-${run.run}`}>
                <td>{run.run}</td>
                <td>{run.seed}</td>
                <td className={`test-outcome-${run.outcome}`}>{run.outcome}</td>
                <td>{run.seconds.toFixed(1)}</td>
                <td>{run.score.join(':')}</td>
                <td className="test-detail">{run.detail}</td>
                <td className="test-logs">
                  {run.logs.map((log) => (
                    <button
                      type="button"
                      key={log.robot}
                      title={`Replay ${log.file} in the log player`}
                      onClick={() => void open(run, log.robot, log.file)}
                      data-testid={`test-run-${run.run}-log-${log.robot}`}
                    >
                      {log.robot}
                    </button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
