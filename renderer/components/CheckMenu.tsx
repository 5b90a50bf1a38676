/**
 * @file A drop-down list of checkboxes (e.g. the drawings of a field view): native details/summary and
 * checkboxes, so it works with the keyboard (Enter/Space opens, Tab moves, Space toggles, Escape closes).
 */
import { useState, type ReactNode } from 'react';
import './views.css';

/** One entry. */
export interface CheckItem {
  readonly name: string;
  readonly checked: boolean;
}

/** The menu. */
export function CheckMenu({
  label,
  items,
  onToggle,
  filterPlaceholder,
  testId,
}: {
  label: string;
  items: readonly CheckItem[];
  onToggle: (name: string, on: boolean) => void;
  filterPlaceholder?: string;
  testId?: string;
}): ReactNode {
  const [filter, setFilter] = useState('');
  const shown = items.filter((i) => i.name.toLowerCase().includes(filter.toLowerCase()));
  return (
    <details
      className="check-menu"
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !e.currentTarget.open) return;
        e.preventDefault();
        e.currentTarget.open = false;
        e.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary>{label} ▾</summary>
      <div className="check-menu-list">
        <input
          type="search"
          placeholder={filterPlaceholder ?? 'Filter'}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ margin: '2px 8px', width: 'calc(100% - 16px)' }}
        />
        {shown.length === 0 && (
          <div className="view-empty">
            Nothing to choose{filter ? ' matches the filter' : ' yet (the robot has not been polled)'}.
          </div>
        )}
        {shown.map((item) => (
          <label key={item.name}>
            <input type="checkbox" checked={item.checked} onChange={(e) => onToggle(item.name, e.target.checked)} />
            {item.name}
          </label>
        ))}
      </div>
    </details>
  );
}
