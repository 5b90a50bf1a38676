/**
 * @file Every view the IDE offers, loaded on first use (one chunk per view, Lichtblick's panel catalog). Adding a
 * view means adding its folder under views/ and one entry here; views never import each other.
 */
import { viewTitle } from '../data/viewIds';
import type { ViewModule, ViewParams } from '../services/viewContract';

/** A view the shell can open. */
export interface ViewDescriptor {
  /** Stable id, used in saved layouts and by the `view.open` command. */
  readonly id: string;
  readonly title: string;
  /** One line for menus and the tree. */
  readonly description: string;
  readonly load: () => Promise<ViewModule>;
  /** The panel title for a parameterised instance (e.g. `robot1.field.worldState`). */
  readonly titleFor?: (params: ViewParams) => string;
}

/** A robot view's descriptor: titles follow SimRobot's `<robot>.<kind>.<name>` paths. */
function robotView(id: string, title: string, description: string, load: () => Promise<ViewModule>): ViewDescriptor {
  return { id, title, description, load, titleFor: (params) => viewTitle(id, params, title) };
}

/** The built-in views. */
export const VIEW_CATALOG: readonly ViewDescriptor[] = [
  {
    id: 'console',
    title: 'Console',
    description: 'Command line, output and .con scripts',
    load: () => import('../views/Console'),
  },
  robotView('field', 'Field', 'Field drawings of a robot (vf / vfd)', () => import('../views/Field')),
  robotView('plot', 'Plot', 'Plots of a robot over time (vp / vpd)', () => import('../views/Plot')),
  robotView('timing', 'Timing', 'Stopwatches of one thread of a robot', () => import('../views/Timing')),
  robotView('data', 'Data', "View and edit a robot's debug data (get / set)", () => import('../views/Data')),
  robotView(
    'modules',
    'Module Graph',
    'Modules and representations of one thread',
    () => import('../views/ModuleGraph'),
  ),
  robotView('joints', 'Joints', 'Joint request, sensor, load, temperature, stiffness', () => import('../views/Joints')),
  {
    id: 'scene3d',
    title: 'Scene 3D',
    description: 'The simulated scene in 3-D: robots, ball, 3-D drawings',
    load: () => import('../views/Scene3D'),
  },
  robotView(
    'image',
    'Image',
    'Camera and debug images of a robot with image drawings (vi / vid)',
    () => import('../views/Image'),
  ),
  {
    id: 'robots',
    title: 'Robots',
    description: 'Simulated and remote robots: select, connect (sc), disconnect',
    load: () => import('../views/Robots'),
  },
  {
    id: 'gamecontroller',
    title: 'GameController',
    description: 'Game state, score, clock, penalties (gc / pr)',
    load: () => import('../views/GameController'),
  },
  {
    id: 'logplayer',
    title: 'Log Player',
    description: 'Replay a log opened with sl: seek, play, step, loop, speed',
    load: () => import('../views/LogPlayer'),
  },
  {
    id: 'annotations',
    title: 'Annotations',
    description: 'Annotations of a running robot or a replayed log: filter, jump, stop on annotation',
    load: () => import('../views/Annotations'),
  },
  {
    id: 'teammonitor',
    title: 'Team Monitor',
    description:
      'Every robot heard on the team network or in the simulation: field, cards, rule violations (tm on <team>)',
    load: () => import('../views/TeamMonitor'),
  },
  {
    id: 'testruns',
    title: 'Test Runs',
    description: 'Runs of test game / test situation with their outcome; a click replays a run’s log',
    load: () => import('../views/TestRuns'),
  },
];

/** The descriptor of `id`, or undefined. */
export function findView(id: string): ViewDescriptor | undefined {
  return VIEW_CATALOG.find((v) => v.id === id);
}
