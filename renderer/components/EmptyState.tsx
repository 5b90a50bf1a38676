/**
 * @file What a view shows when it has nothing to show: a sentence that says what to do (every view has one,
 * never a blank panel).
 */
import type { ReactNode } from 'react';
import './views.css';

/** The empty state of a view. */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }): ReactNode {
  return (
    <div className="view-empty" role="status" data-testid={testId ?? 'view-empty'}>
      {children}
    </div>
  );
}

/** The sentence for a view that has no robot to show. */
export function NoRobot(): ReactNode {
  return (
    <EmptyState testId="no-robot">
      No robot yet. Connect one in the console with <code>sc &lt;name&gt; &lt;address&gt;</code> (e.g.{' '}
      <code>sc Robot 127.0.0.1</code> for <code>npm run robot</code>), in the Robots view, or start a simulation.
    </EmptyState>
  );
}

/**
 * The sentence for a panel of a robot that is not there (a layout restored after the robot went away, or a scene
 * still loading): the panel resumes by itself once a robot of that name exists again.
 */
export function RobotNotHere({ robot }: { robot: string }): ReactNode {
  return (
    <EmptyState testId="robot-not-here">
      There is no robot called {robot} (yet). This panel was kept from an earlier session: it shows {robot}'s data again
      as soon as a robot of that name exists (start its scene, replay its log with <code>sl</code>, or connect it with{' '}
      <code>sc {robot} &lt;address&gt;</code>).
    </EmptyState>
  );
}

/**
 * The sentence for a view asked for something the robot does not have (a representation, data key, thread or
 * view it never announced): says so and points to the console, where `listCommand` lists what it has and where
 * the robot's own errors appear.
 */
export function UnknownToRobot({
  robot,
  what,
  listCommand,
}: {
  robot: string;
  what: ReactNode;
  listCommand: string;
}): ReactNode {
  return (
    <EmptyState testId="unknown-to-robot">
      {robot} does not offer {what}. Type <code>{listCommand}</code> in the Console to list what it offers; errors from
      the robot appear there too.
    </EmptyState>
  );
}

/** The sentence for a view opened for a thread the robot does not have (a layout saved for another robot). */
export function UnknownThread({
  robot,
  thread,
  threads,
}: {
  robot: string;
  thread: string;
  threads: readonly string[];
}): ReactNode {
  return (
    <EmptyState testId="unknown-to-robot">
      {robot} has no thread {thread}; its threads are {threads.join(', ')}. Open one from the scene tree or the command
      palette (Ctrl+Shift+P); errors from the robot appear in the Console.
    </EmptyState>
  );
}

/**
 * For a view that keeps its canvas while it has no robot (field, plot): NoRobot or RobotNotHere as a note over the
 * canvas; nothing while the robot is there (`here`).
 */
export function MissingRobotNote({ robot, here }: { robot: string | undefined; here: boolean }): ReactNode {
  if (robot !== undefined && here) return null;
  return (
    <div className="view-overlay-note" style={{ pointerEvents: 'auto', right: 8 }}>
      {robot === undefined ? <NoRobot /> : <RobotNotHere robot={robot} />}
    </div>
  );
}
