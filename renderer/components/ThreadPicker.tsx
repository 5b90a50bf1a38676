/**
 * @file The thread of a per-thread view (timing, module graph): the one its panel was opened for, or else one the
 * user picks in the toolbar (the robot's first thread until then).
 */
import { useState, type ReactNode } from 'react';

/** The thread to show and the toolbar's picker for it (null when the panel was opened for one thread). */
export function useThreadChoice(
  fixed: string | undefined,
  threads: readonly string[],
): { thread: string | undefined; picker: ReactNode } {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const thread = fixed ?? chosen ?? threads[0];
  const picker =
    fixed === undefined ? (
      <select value={thread} onChange={(e) => setChosen(e.target.value)} aria-label="Thread">
        {threads.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
    ) : null;
  return { thread, picker };
}
