/**
 * @file What the log's and the live robot's annotation tables share: their columns and the cells of a row. They
 * differ only in where an annotation was made (the log's frame, the robot's annotation number).
 */
import type { ReactNode } from 'react';

/** The columns after the first (frame or number). */
export const ANNOTATION_COLUMNS = ['Thread', 'Name', 'Annotation'] as const;

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
