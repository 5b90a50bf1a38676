/**
 * @file The Test Runs view: the runs of the session's last `test game` / `test situation` campaign (formats §1.3;
 * run on worker processes or a job queue, docs/testing.md) as a table — seed, variant when the campaign sweeps
 * parameters, outcome, simulated time, score, what happened — with one button per recorded log. A click opens the
 * run: every robot's log replays on one clock (`sml <run folder> run<N>_`, each robot starting from the module
 * configuration it recorded, its logged beliefs from the log), a field view `beliefs` per team shows what every
 * robot believed (RobotPose, BallModel, ObstacleModel; one robot's view with its teammates' painted over it, in
 * their team's frame), and the Log Player controls the run's clock. While a test runs, Stop runs `test stop`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { TestRunResult, TestRunsState } from '@app/ipc/testRuns';
import { EmptyState } from '../../components/EmptyState';
import '../../components/views.css';
import { useDataSource } from '../../data/DataSourceContext';
import { claimConsoleView } from '../../data/useAutoOpenViews';
import { Commands } from '../../services/CommandBus';
import { errorText, isNotInSession } from '../../services/hostErrors';
import { useServices } from '../../services/ServicesContext';
import './TestRuns.css';
import { ViewTable } from '../../components/ViewTable';

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

/** The robot name a run's log is replayed as (`sml <folder> run<N>_` names them so). */
const replayName = (run: number, robot: string): string => `run${run}_${robot}`;

/**
 * `running on 2 worker process(es) · 3 / 10 done · 2 running · 2 passed, 1 failed · about 45 s left` (passed:
 * target reached or game finished).
 */
function runningStatus(state: TestRunsState): string {
  const passed = state.runs.filter((r) => r.outcome === 'reached' || r.outcome === 'finished').length;
  const counts = state.runs.length ? ` · ${passed} passed, ${state.runs.length - passed} failed` : '';
  const left = state.secondsLeft === undefined ? '' : ` · about ${formatSeconds(state.secondsLeft)} left`;
  const where = state.where === undefined ? '' : ` on ${state.where}`;
  const busy = state.inFlight?.length ? ` · ${state.inFlight.length} running` : '';
  return `running${where} · ${state.runs.length} / ${state.total} done${busy}${counts}${left}`;
}

/** `12 s`, `4 min 05 s`. */
function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** The team of a scene robot by B-Human's naming: robot1…robot20 play for the first team, robot21… for the second. */
const teamOf = (robot: string): number => (Number(/^robot(\d+)$/.exec(robot)?.[1] ?? 0) > 20 ? 1 : 0);

/** The field view that shows a replayed run's beliefs. */
const BELIEFS_VIEW = 'beliefs';

/** The folder of a run's logs (the host's path: either separator). */
const runFolder = (file: string): string => file.slice(0, Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')));

/**
 * The console lines that replay a run: its logs on one clock, then per robot the field view `beliefs` with the
 * robot's pose and, relative to it (its origin), its ball and obstacle models.
 */
function runReplayLines(run: number, folder: string, team: readonly string[]): string[] {
  const drawings = [
    'representation:RobotPose',
    'origin:RobotPose',
    'representation:BallModel',
    'representation:ObstacleModel',
  ];
  return [
    `sml "${folder.replace(/\\/g, '\\\\')}" run${run}_`,
    `robot ${team.join(' ')}`,
    `vf ${BELIEFS_VIEW}`,
    ...drawings.map((d) => `vfd ${BELIEFS_VIEW} ${d}`),
  ];
}

/** One button per robot log of a run: each replays the whole run with that robot's log player. */
function RunLogButtons({ run, open }: { run: TestRunResult; open: (robot: string, file: string) => void }): ReactNode {
  return run.logs.map((log) => (
    <button
      type="button"
      key={log.robot}
      title={`Replay run ${run.run} (every robot's log) with ${log.robot}'s log player and a field view of all beliefs`}
      onClick={() => open(log.robot, log.file)}
      data-testid={`test-run-${run.run}-log-${log.robot}`}
    >
      {log.robot}
    </button>
  ));
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
  // A sweep's runs share seeds across variants, so the variant tells its rows apart.
  const sweep = state.runs.some((run) => run.variant !== undefined && run.variant !== 'base');
  const open = async (run: TestRunResult, robot: string, file: string): Promise<void> => {
    const name = replayName(run.run, robot);
    const all = run.logs.map((log) => replayName(run.run, log.robot));
    for (const member of all) claimConsoleView(member, 'field', BELIEFS_VIEW); // one panel per team, opened below
    for (const line of runReplayLines(run.run, runFolder(file), all)) await source.console.run(line);
    await commands.execute(Commands.openView, 'logplayer', { robot: name });
    // Each robot draws in its own team's frame (own goal at negative x), so each team gets its panel: the other
    // team's first, then the clicked robot's, in front.
    const team = (member: string): number => teamOf(member.slice(member.indexOf('_') + 1));
    const mates = (of: string) => all.filter((member) => team(member) === team(of));
    const other = all.find((member) => team(member) !== team(name));
    for (const shown of other === undefined ? [name] : [other, name]) {
      const params = { robot: shown, name: BELIEFS_VIEW, team: mates(shown).join(' ') };
      await commands.execute(Commands.openView, 'field', params, { focus: shown === name });
    }
    // Played in a loop from the start once the panels are there: a view's drawings are sent only while a panel
    // shows it, and a run of a few seconds may have ended before the panels subscribed.
    await source.console.run('log cycle');
    await source.console.run('log start');
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
        <ViewTable
          testId="test-runs-table"
          columns={['Run', 'Seed', ...(sweep ? ['Variant'] : []), 'Result', 'Sim s', 'Score', 'What happened', 'Logs']}
        >
          {state.runs.map((run) => (
            <tr key={run.run} data-testid={`test-run-${run.run}`}>
              <td>{run.run}</td>
              <td>{run.seed}</td>
              {sweep && <td>{run.variant}</td>}
              <td className={`test-outcome-${run.outcome}`}>{run.outcome}</td>
              <td>{run.seconds.toFixed(1)}</td>
              <td>{run.score.join(':')}</td>
              <td className="test-detail">{run.detail}</td>
              <td className="test-logs">
                <RunLogButtons run={run} open={(robot, file) => void open(run, robot, file)} />
              </td>
            </tr>
          ))}
        </ViewTable>
      </div>
    </div>
  );
}
