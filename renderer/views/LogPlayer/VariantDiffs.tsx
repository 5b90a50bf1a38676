/**
 * @file A variant's diff list in the Log Player: which representations differ from the original, from which frame
 * on (click to go there) and in how many frames, each with a button that opens both in Data views.
 */
import type { ReactNode } from 'react';
import type { LogVariantEntry } from '@app/ipc/logVariants';
import { ViewTable } from '../../components/ViewTable';

/** Rows of a diff list shown (the console lists them all). */
const SHOWN_DIFFS = 12;

/** The diff list's props. */
export interface VariantDiffsProps {
  /** The variant, run (its `run` is set). */
  readonly variant: LogVariantEntry & { readonly run: NonNullable<LogVariantEntry['run']> };
  /** The replayed robot the variant was run on. */
  readonly robot: string;
  readonly seek: (frame: number) => void;
  /** Opens Data views of `representation` in the original and in the variant. */
  readonly showData: (representation: string) => void;
}

/** The representations a variant changed. */
export function VariantDiffs({ variant, robot, seek, showData }: VariantDiffsProps): ReactNode {
  const run = variant.run;
  return (
    <ViewTable
      testId={`variant-${variant.name}-diffs`}
      columns={['Representation', 'Thread', 'First frame', 'Frames', '']}
    >
      {run.diffs.slice(0, SHOWN_DIFFS).map((d) => (
        <tr key={`${d.thread}.${d.representation}`}>
          <td>{d.representation}</td>
          <td>{d.thread}</td>
          <td>
            <button type="button" className="link" onClick={() => seek(d.first)} title="Go there">
              {d.first}
            </button>
          </td>
          <td>{d.frames}</td>
          <td>
            <button
              type="button"
              className="link"
              title={`Data views of ${d.representation} in ${robot} and in ${run.robot}`}
              onClick={() => showData(d.representation)}
            >
              both in Data
            </button>
          </td>
        </tr>
      ))}
    </ViewTable>
  );
}
