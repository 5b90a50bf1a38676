/**
 * @file A labelled checkbox of a view's toolbar: the switches of the views (auto-set, stop on annotation, ground
 * truth, regular expression) look and behave alike.
 */
import type { ReactNode } from 'react';

/** A checkbox followed by its label; `title` explains it on hover, `testId` finds its input in tests. */
export function Toggle({
  checked,
  onChange,
  children,
  title,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  title?: string;
  testId?: string;
  disabled?: boolean;
}): ReactNode {
  return (
    <label title={title}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />{' '}
      {children}
    </label>
  );
}
