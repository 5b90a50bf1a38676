/**
 * @file The table of a view: the `view-table` look, a header row from the column titles and the rows the view
 * renders. The tables of the views differ in their rows, not in how they are built around them.
 */
import type { ReactNode, Ref, TableHTMLAttributes } from 'react';

/** Props of a view's table; other attributes (a list cursor's grid props, aria-label) go to the `<table>`. */
export type ViewTableProps = Omit<TableHTMLAttributes<HTMLTableElement>, 'className' | 'children'> & {
  /** Column titles; an empty one leaves its column unnamed (e.g. over buttons). */
  columns: readonly string[];
  /** `data-testid` of the table. */
  testId: string;
  /** Classes besides `view-table`. */
  className?: string;
  ref?: Ref<HTMLTableElement>;
  /** The rows (`<tr>` elements). */
  children: ReactNode;
};

/** A view's table with its header row. */
export function ViewTable({ columns, testId, className, ref, children, ...table }: ViewTableProps): ReactNode {
  return (
    <table ref={ref} className={className ? `view-table ${className}` : 'view-table'} data-testid={testId} {...table}>
      <thead>
        <tr>
          {columns.map((title, i) => (
            <th key={i}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
