/**
 * @file The field view (`vf` / `vfd`, formats §4.2): the SPL field with a robot's drawingOnField drawings, pan and
 * zoom, TIP tooltips, Alt-click SPOT commands and the ground truth overlay. React only hosts the canvas and the
 * toolbar; FieldRenderer paints. Opened from the menu it shows the selected robot's view `field`, creating it.
 * With a `team` parameter (robot names, space-separated) it also paints those robots' views of the same name, so
 * one view shows what a whole replayed team believed (the Test Runs view opens a run that way). With a `variant`
 * parameter (a log variant's robot) it shows the variant beside the original: its drawings in a second colour and
 * both pose tracks over the variant's window (VariantOverlay).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CheckMenu } from '../../components/CheckMenu';
import { MissingRobotNote } from '../../components/EmptyState';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useRobotNames, useRobotSource, useStreamListener, useViewList, useViewRobot } from '../../data/hooks';
import { claimConsoleView } from '../../data/useAutoOpenViews';
import type { ViewProps } from '../../services/viewContract';
import { installFieldBench } from './benchHook';
import { FieldRenderer } from './FieldRenderer';
import { groundTruthShapes } from './groundTruth';
import { Toggle } from '../../components/Toggle';
import { VariantOverlay } from './VariantOverlay';
import { VariantLegend } from '../../components/VariantLegend';

/** The view name used when the view is opened without one. */
const DEFAULT_NAME = 'field';
const GROUND_TRUTH = 'GroundTruthWorldState';

/** Feeds another robot's drawings of view `name` into the renderer (one per team member: hooks cannot loop). */
function TeamMember(props: {
  robot: string;
  name: string;
  renderer: () => FieldRenderer | undefined;
  shown: (robot: string, shown: boolean) => void;
}): null {
  const { robot, name, renderer, shown } = props;
  useStreamListener(robot, 'drawings', name, (item) => {
    renderer()?.setTeamDrawings(robot, item.drawings);
    shown(robot, item.drawings.length > 0);
  });
  useEffect(() => () => renderer()?.setTeamDrawings(robot, []), [robot, renderer]);
  return null;
}

/** The field view. */
export function FieldView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const name = params.name ?? DEFAULT_NAME;
  const source = useRobotSource(robot);
  const names = useRobotNames(robot);
  const views = useViewList();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<FieldRenderer | undefined>(undefined);
  const [tip, setTip] = useState<{ texts: string[]; x: number; y: number }>({ texts: [], x: 0, y: 0 });
  const [pointer, setPointer] = useState<string>('');
  const [shownCount, setShownCount] = useState(0);
  const [groundTruthOn, setGroundTruthOn] = useState(true);
  const variant = params.variant;
  const [differsFrom, setDiffersFrom] = useState<number | undefined>(undefined);
  const team = useMemo(() => (params.team ?? '').split(' ').filter((r) => r !== '' && r !== robot), [params, robot]);

  const robotViews = views.robots.find((r) => r.robot === robot);
  const hasView = robotViews?.fieldViews.includes(name) ?? false;
  const viewDrawings = useMemo(() => robotViews?.fieldViewDrawings?.[name] ?? [], [robotViews, name]);
  const groundTruthAvailable = names?.debugRequests.includes(`representation:${GROUND_TRUTH}`) ?? false;

  // A view opened from the menu or a saved layout creates its console view, as `vf` would.
  useEffect(() => {
    if (robot === undefined || source === undefined || !robotViews || hasView) return;
    claimConsoleView(robot, 'field', name);
    void source.run(`vf ${name}`).catch(() => undefined);
  }, [source, robot, name, hasView, robotViews]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const renderer = new FieldRenderer(canvas, {
      tip: (texts, x, y) =>
        setTip((old) => (old.texts.join() === texts.join() && texts.length === 0 ? old : { texts, x, y })),
      spot: (command) => void source?.run(command).catch(() => undefined),
      pointer: (x, y) => setPointer(`x=${Math.round(x)} y=${Math.round(y)}`),
    });
    rendererRef.current = renderer;
    const uninstall = installFieldBench(renderer, canvas);
    return () => {
      uninstall();
      renderer.dispose();
      rendererRef.current = undefined;
    };
  }, [source]);

  useStreamListener(robot, 'drawings', name, (item) => {
    rendererRef.current?.setRobotDrawings(item.drawings);
    setShownCount((n) => (n === item.drawings.length ? n : item.drawings.length));
  });
  useStreamListener(groundTruthOn && groundTruthAvailable ? robot : undefined, 'value', GROUND_TRUTH, (item) => {
    if (item.name === GROUND_TRUTH) rendererRef.current?.setGroundTruth(groundTruthShapes(item.value));
  });
  useEffect(() => {
    if (!groundTruthOn || !groundTruthAvailable) rendererRef.current?.setGroundTruth([]);
  }, [groundTruthOn, groundTruthAvailable]);

  const currentRenderer = useCallback(() => rendererRef.current, []);
  // Which team members' drawings arrived (for the status line; changes only when one starts or stops drawing).
  const [teamShown, setTeamShown] = useState<ReadonlySet<string>>(new Set());
  const memberShown = useCallback((member: string, shown: boolean) => {
    setTeamShown((old) => {
      if (old.has(member) === shown) return old;
      const next = new Set(old);
      if (shown) next.add(member);
      else next.delete(member);
      return next;
    });
  }, []);

  // Without a robot the empty field is still shown (pan/zoom work), with a note saying how to get one.
  const toggle = (drawing: string, on: boolean): void => {
    void source?.run(`vfd ${name} ${drawing} ${on ? 'on' : 'off'}`).catch(() => undefined);
  };
  const drawingItems = (names?.fieldDrawings ?? []).map((d) => ({ name: d, checked: viewDrawings.includes(d) }));

  return (
    <div className="robot-view" data-testid="field-view">
      {team.map((member) => (
        <TeamMember key={member} robot={member} name={name} renderer={currentRenderer} shown={memberShown} />
      ))}
      {variant !== undefined && robot !== undefined && (
        <VariantOverlay
          robot={robot}
          variant={variant}
          name={name}
          drawings={viewDrawings}
          renderer={currentRenderer}
          differsFrom={setDiffersFrom}
        />
      )}
      <div className="view-toolbar">
        <CheckMenu
          label={`Drawings (${viewDrawings.length})`}
          items={drawingItems}
          onToggle={toggle}
          testId="field-drawings"
        />
        <Toggle
          title={
            groundTruthAvailable
              ? 'Draw the true robot and ball poses faintly'
              : 'The robot does not provide GroundTruthWorldState'
          }
          checked={groundTruthOn && groundTruthAvailable}
          disabled={!groundTruthAvailable}
          onChange={setGroundTruthOn}
        >
          Ground truth
        </Toggle>
        <button type="button" title="Zoom in (PageUp or +)" onClick={() => rendererRef.current?.zoom(1.2)}>
          +
        </button>
        <button type="button" title="Zoom out (PageDown or −)" onClick={() => rendererRef.current?.zoom(1 / 1.2)}>
          −
        </button>
        <button type="button" title="Reset the view (double-click)" onClick={() => rendererRef.current?.resetView()}>
          Fit
        </button>
        <span className="spacer" />
        {team.length > 0 && (
          <span className="status" data-testid="field-team" title={team.join(', ')}>
            {`+ ${teamShown.size} of ${team.length} robots`}
          </span>
        )}
        {variant !== undefined && (
          <VariantLegend robot={robot} variant={variant} differsFrom={differsFrom} testId="field-variant" />
        )}
        <span className="status">{pointer}</span>
      </div>
      <div className="view-body" style={{ overflow: 'hidden' }}>
        <canvas
          ref={canvasRef}
          data-testid="field-canvas"
          {...keyboardSurface(
            `Field view ${name} of ${robot ?? 'no robot'}: drag to pan, wheel or PageUp/PageDown to zoom, arrows to pan, double-click to reset`,
          )}
          style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none', outline: 'none' }}
          onKeyDown={(e) => {
            if (!rendererRef.current?.key(e.key)) return;
            e.preventDefault();
          }}
        />
        {tip.texts.length > 0 && (
          <div className="view-tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }} data-testid="field-tip">
            {tip.texts.join('\n')}
          </div>
        )}
        <MissingRobotNote robot={robot} here={robotViews !== undefined} />
        {robot !== undefined && robotViews && shownCount === 0 && (
          <div className="view-overlay-note">
            {viewDrawings.length === 0 ? (
              <>
                No drawings: pick one under Drawings or type <code>vfd {name} &lt;drawing&gt;</code> in the console.
              </>
            ) : (
              <>
                Waiting for {viewDrawings.join(', ')} from {robot}…
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
