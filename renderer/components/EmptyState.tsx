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
      No robot yet. Connect one in the console with <code>sc &lt;name&gt; &lt;address&gt;</code> (e.g. <code>sc Robot 127.0.0.1</code> for{' '}
      <code>npm run robot</code>) or start a simulation.
    </EmptyState>
  );
}
