/**
 * @file What the log's and the live robot's annotation tables share: the table and the cells of a row. They
 * differ only in where an annotation was made (the log's frame, the robot's annotation number).
 */
import type { ReactNode } from 'react';
import { ViewTable, type ViewTableProps } from '../../components/ViewTable';

/** A table of annotations; `first` names the first column (frame or number). */
export function AnnotationTable({
  first,
  ...table
}: { first: string } & Omit<ViewTableProps, 'columns' | 'testId'>): ReactNode {
  return (
    <ViewTable
      testId="annotations-table"
      className="annotations-table"
      columns={[first, 'Thread', 'Name', 'Annotation']}
      {...table}
    />
  );
}

/** The cells of one annotation: where it was made (`at`), then its thread, name and text. */
export function AnnotationCells({
  at,
  annotation,
}: {
  at: number;
  annotation: { thread: string; name: string; description: string };
}): ReactNode {
  return (
    <>
      <td>{at}</td>
      <td>{annotation.thread}</td>
      <td>{annotation.name}</td>
      <td>{annotation.description}</td>
    </>
  );
}
