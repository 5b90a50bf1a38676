/**
 * @file The Scene 3D view: hosts the SceneRenderer's canvas and feeds it the scene, the ground-truth stream, the
 * robots' 3-D drawings and the console's selection. Clicking a robot selects it in the console (`robot <name>`),
 * dragging a robot or the ball moves it (`mvo`). Keyboard: R resets the camera, F follows the selected robot,
 * Escape stops following; the toolbar buttons run, pause, step and reset the simulation.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SceneDescription, SimulationFrame } from '@app/ipc/simulation';
import { EmptyState } from '../../components/EmptyState';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { SceneRenderer } from '../../render3d/SceneRenderer';
import { useDataSource } from '../../data/DataSourceContext';
import { useRobots } from '../../data/hooks';
import { controlSimulation, useDrawings3D, useSceneDescription, useSimulationFrames } from '../../data/scene';
import type { ViewProps } from '../../services/viewContract';
import './Scene3D.css';
import { exposeScene } from './testHook';

/** Arrow keys orbit the camera by this much (rad): azimuth, elevation. */
const ORBIT_KEYS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-0.1, 0],
  ArrowRight: [0.1, 0],
  ArrowUp: [0, 0.05],
  ArrowDown: [0, -0.05],
};
/** One +/− key press moves the camera this factor nearer or farther. */
const ZOOM_STEP = 1.2;

/** The text of the scoreboard. */
function scoreLine(scene: SceneDescription, frame: SimulationFrame): string {
  const g = frame.game;
  const clock = `${Math.floor(g.secsRemaining / 60)}:${String(Math.abs(g.secsRemaining % 60)).padStart(2, '0')}`;
  return `${scene.teams[0].number} ${g.teams[0].score} : ${g.teams[1].score} ${scene.teams[1].number} · ${g.state}${g.setPlay !== 'none' ? ` (${g.setPlay})` : ''} · ${clock}`;
}

/** The 3-D scene view. */
export function Scene3DView(_props: ViewProps): ReactNode {
  const source = useDataSource();
  const { scene, error, loading, frame: initialFrame } = useSceneDescription();
  const hostRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<SceneRenderer | undefined>(undefined);
  const sceneRef = useRef<SceneDescription | undefined>(undefined);
  const [selection, setSelection] = useState<readonly string[]>([]);
  const [following, setFollowing] = useState<string>('');
  const [score, setScore] = useState('');
  const [status, setStatus] = useState('');
  const [running, setRunning] = useState(false);
  sceneRef.current = scene;

  const run = (line: string): void => void source.console.run(line).catch(() => undefined);

  useEffect(() => {
    const host = hostRef.current;
    if (!host || !scene) return undefined;
    const renderer = new SceneRenderer(host, {
      onSelect: (robot) => run(`robot ${robot}`),
      onMoveRobot: (robot, x, y) => {
        const def = sceneRef.current?.robots.find((r) => r.name === robot);
        if (def) run(`mvo ${def.objectPath} ${x} ${y} ${Math.round(def.torsoHeight)}`);
      },
      onMoveBall: (x, y) => run(`mvo ball ${x} ${y} ${Math.round(sceneRef.current?.ball?.radius ?? 50)}`),
    });
    renderer.setScene(scene);
    if (initialFrame) {
      renderer.setFrame(initialFrame);
      setScore(scoreLine(scene, initialFrame));
    }
    rendererRef.current = renderer;
    const unexpose = exposeScene(renderer);
    // The scene's own look (meshes) arrives once per scene; until then the built-in NAO stands in.
    source.scene.appearance().then(
      (r) => {
        if (r.appearance && r.file === scene.file && rendererRef.current === renderer)
          void renderer.setAppearance(r.appearance);
      },
      () => undefined,
    );
    return () => {
      unexpose();
      renderer.dispose();
      rendererRef.current = undefined;
    };
    // `run` only uses the data source, which is a dependency; the initial frame belongs to the scene.
  }, [scene, source]);

  const robots = useRobots();
  useEffect(() => setSelection((old) => (old.join() === robots.selection.join() ? old : robots.selection)), [robots]);
  useEffect(() => rendererRef.current?.setSelection(selection), [selection, scene]);
  useEffect(() => rendererRef.current?.follow(following || undefined), [following, scene]);

  useSimulationFrames((frame) => {
    rendererRef.current?.setFrame(frame);
    const s = sceneRef.current;
    if (s) setScore((old) => (old === scoreLine(s, frame) ? old : scoreLine(s, frame)));
    const text = `${(frame.time / 1000).toFixed(1)} s${frame.running ? ` · ${frame.realTimeFactor.toFixed(2)}× real time` : ' · paused'}`;
    setStatus((old) => (old === text ? old : text));
    setRunning(frame.running);
  });
  useDrawings3D((event) => rendererRef.current?.setDrawings(event.drawings));

  if (!scene) {
    return (
      <EmptyState testId="scene3d-empty">
        {loading
          ? 'Loading the scene…'
          : `No simulated scene${error ? ` (${error})` : ''}. Start one with npm start -- --scene scenes/Game.ros3; remote robots appear in the Robots panel.`}
      </EmptyState>
    );
  }

  const control = (action: 'runPause' | 'step' | 'reset'): void =>
    void controlSimulation(source.scene, action, setStatus);
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'r' || e.key === 'R') rendererRef.current?.resetCamera();
    else if (e.key === 'f' || e.key === 'F') setFollowing(selection[0] ?? '');
    else if (e.key === 'Escape') setFollowing('');
    else if (e.key in ORBIT_KEYS) rendererRef.current?.orbitBy(...ORBIT_KEYS[e.key]!);
    else if (e.key === '+' || e.key === '=' || e.key === 'PageUp') rendererRef.current?.zoomBy(1 / ZOOM_STEP);
    else if (e.key === '-' || e.key === 'PageDown') rendererRef.current?.zoomBy(ZOOM_STEP);
    else return;
    e.preventDefault();
  };

  return (
    <div className="robot-view" data-testid="scene3d-view">
      <div className="view-toolbar">
        <button onClick={() => control('runPause')} title="Run or pause the simulation (F5)" data-testid="scene3d-run">
          {running ? 'Pause' : 'Run'}
        </button>
        <button onClick={() => control('step')} title="One simulation step (F8)">
          Step
        </button>
        <button onClick={() => control('reset')} title="Restart the scene (Shift+F5)">
          Reset
        </button>
        <label>
          Follow{' '}
          <select value={following} onChange={(e) => setFollowing(e.target.value)} data-testid="scene3d-follow">
            <option value="">(free camera)</option>
            {scene.robots.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <button onClick={() => rendererRef.current?.resetCamera()} title="Overview of the field (R)">
          Reset camera
        </button>
        <span className="spacer" />
        <span className="status" data-testid="scene3d-status">
          {status}
        </span>
      </div>
      <div
        className="scene3d-body"
        ref={hostRef}
        {...keyboardSurface(
          '3-D scene: drag or arrow keys to orbit, wheel, +/− or PageUp/PageDown to zoom, R resets the camera, F follows the selected robot, Esc frees the camera; click a robot to select it, drag a robot or the ball to move it',
        )}
        onKeyDown={onKey}
      >
        <div className="scene3d-score" data-testid="scene3d-score">
          {score}
        </div>
      </div>
    </div>
  );
}
