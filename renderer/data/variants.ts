/**
 * @file The variants of a replayed robot's log (`log variant`) as views see them: asked once a second (a variant
 * is defined and run from the console as well as from the views, and its answer is small), and kept only when
 * its revision changed; the pose tracks, a few thousand numbers, are asked for only then and only by views that
 * draw them.
 */
import { useEffect, useState } from 'react';
import type { LogVariants } from '../../app/ipc/logVariants';
import { useDataSource } from './DataSourceContext';
import { claimConsoleView } from './useAutoOpenViews';

/** How often the variants are asked for (ms). */
const POLL_MS = 1000;

/** The variants of `robot` (undefined until answered, or when it is no replayed robot); with tracks if asked. */
export function useLogVariants(robot: string | undefined, tracks: boolean): LogVariants | undefined {
  const { playback } = useDataSource();
  const [variants, setVariants] = useState<LogVariants | undefined>(undefined);
  useEffect(() => {
    setVariants(undefined);
    if (robot === undefined) return undefined;
    let live = true;
    let held = -1;
    const ask = async (): Promise<void> => {
      try {
        const summary = await playback.variants(robot, false);
        if (!live || summary.revision === held) return;
        const answer = tracks ? await playback.variants(robot, true) : summary;
        if (!live) return;
        held = answer.revision;
        setVariants(answer);
      } catch {
        // Not a replayed robot (or not yet): nothing to show.
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [playback, robot, tracks]);
  return variants;
}

/**
 * Gives a log variant's robot the original's view: `create` (the line that adds the view, e.g. `vf variant`) and
 * each drawing's line made by `drawingLine`, run in the variant's console whenever the drawings change, so the
 * variant draws what the user picked for the original. The view is claimed, so it opens no panel of its own.
 */
export function useMirroredView(
  variant: string,
  kind: 'field' | 'image',
  name: string,
  create: string,
  drawings: readonly string[],
  drawingLine: (drawing: string) => string,
): void {
  const source = useDataSource();
  const lines = [create, ...drawings.map(drawingLine)].join('\n');
  useEffect(() => {
    claimConsoleView(variant, kind, name);
    void (async () => {
      for (const line of lines.split('\n')) await source.run(variant, line).catch(() => undefined);
    })();
  }, [source, variant, kind, name, lines]);
}
