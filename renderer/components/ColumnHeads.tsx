/**
 * @file The header row of a view's table, from its column titles: the tables of the views differ in their rows,
 * not in how they name their columns.
 */
import type { ReactNode } from 'react';

/** `<thead>` with one `<th>` per title (an empty title leaves its column unnamed, e.g. over buttons). */
export function ColumnHeads({ titles }: { titles: readonly string[] }): ReactNode {
  return (
    <thead>
      <tr>
        {titles.map((title, i) => (
          <th key={i}>{title}</th>
        ))}
      </tr>
    </thead>
  );
}
