/**
 * @file Tells renderers when a robot's views change (a `vf`, `vp` or `vi` ran, polling brought data keys or
 * threads), so the tree updates and a view a console command created opens. Checked every few session ticks
 * rather than hooked into each command: scripts, `call` and robot-sent lines create views too.
 */
import type { RobotConsole } from '../console/RobotConsole';
import type { ViewList } from '../../ipc/viewData';
import { robotViews } from './robotViews';

/** Session ticks between checks (the session ticks at 100 Hz: ten checks a second). */
const TICKS_PER_CHECK = 10;

/** Computes the view list and reports it when it changed. */
export class ViewListPublisher {
  private last = '';
  private ticks = 0;

  constructor(private readonly publish: (list: ViewList) => void) {}

  /** The current list. */
  list(robots: readonly RobotConsole[]): ViewList {
    return { robots: robots.map(robotViews) };
  }

  /** Called on every session tick; publishes at most every TICKS_PER_CHECK ticks, and only changes. */
  tick(robots: readonly RobotConsole[]): void {
    if (++this.ticks < TICKS_PER_CHECK) return;
    this.ticks = 0;
    this.check(robots);
  }

  /** Publishes the list now if it changed. */
  check(robots: readonly RobotConsole[]): void {
    const list = this.list(robots);
    const text = JSON.stringify(list);
    if (text === this.last) return;
    this.last = text;
    this.publish(list);
  }
}
