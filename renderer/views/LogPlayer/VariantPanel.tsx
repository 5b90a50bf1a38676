/**
 * @file The Log Player's variants (re-run and compare): select a window of frames, write the variant's `set` and
 * `mr` lines, run it beside the original, and read the diff list: which representations differ, from which frame
 * on and in how many frames (click a frame to go there). Everything goes through the `log variant` console command,
 * so what the panel does is what a user could type, and the console shows the same report.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { LogVariantEntry } from '@app/ipc/logVariants';
import { cssRgb, VARIANT_COLOR } from '../../components/drawings2d/recolor';
import { VariantDiffs } from './VariantDiffs';
import { useDataSource } from '../../data/DataSourceContext';
import { useViewList } from '../../data/hooks';
import { useLogVariants } from '../../data/variants';
import { claimConsoleView } from '../../data/useAutoOpenViews';
import { Commands } from '../../services/CommandBus';
import { useServices } from '../../services/ServicesContext';

/** Frames a new window spans from the current frame. */
const DEFAULT_SPAN = 600;
/** The field view that shows a variant beside its original. */
const FIELD_VIEW = 'variant';
/** The image view created for a variant when the original has none. */
const IMAGE_VIEW = 'upper';

/** The panel's props. */
export interface VariantPanelProps {
  readonly robot: string;
  readonly current: number;
  readonly frameCount: number;
  readonly seek: (frame: number) => void;
}

/** The variants part of the log player. */
export function VariantPanel({ robot, current, frameCount, seek }: VariantPanelProps): ReactNode {
  const source = useDataSource();
  const { commands } = useServices();
  const variants = useLogVariants(robot, false);
  const imageViews = useViewList().robots.find((r) => r.robot === robot)?.imageViews ?? [];
  const [name, setName] = useState('variant1');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lines, setLines] = useState('');
  const [busy, setBusy] = useState(false);
  // A window starts at the current frame until the user picks one.
  useEffect(() => {
    if (from === '' && current >= 0) {
      setFrom(String(current));
      setTo(String(Math.min(frameCount - 1, current + DEFAULT_SPAN)));
    }
  }, [current, frameCount, from]);
  const run = (line: string): Promise<void> => source.run(robot, line);
  const defined = variants?.variants.some((v) => v.name === name) ?? false;
  const runVariant = async (): Promise<void> => {
    setBusy(true);
    try {
      if (defined) await run(`log variant ${name} forget`);
      await run(`log variant ${name} from ${from} to ${to}`);
      for (const line of lines.split('\n').map((l) => l.trim()))
        if (line !== '' && !line.startsWith('#')) await run(`log variant ${name} ${line}`);
      await run(`log variant ${name} run`);
    } finally {
      setBusy(false);
    }
  };
  // A field view `variant` of the original with its pose, which the overlay mirrors into the variant's console.
  const showOnField = async (variant: LogVariantEntry): Promise<void> => {
    if (!variant.run) return;
    claimConsoleView(robot, 'field', FIELD_VIEW); // opened below, with the variant
    await run(`vf ${FIELD_VIEW}`);
    await run(`vfd ${FIELD_VIEW} representation:RobotPose on`);
    await commands.execute(Commands.openView, 'field', { robot, variant: variant.run.robot, name: FIELD_VIEW });
  };
  // The original's image view (the upper camera's first; created when there is none) with the variant over it.
  const showInImage = async (variant: LogVariantEntry): Promise<void> => {
    if (!variant.run) return;
    let view = (imageViews.find((v) => v.thread === 'Upper') ?? imageViews[0])?.name;
    if (view === undefined) {
      view = IMAGE_VIEW;
      claimConsoleView(robot, 'image', view); // opened below, with the variant
      await run(`for Upper vi CameraImage ${view}`);
    }
    await commands.execute(Commands.openView, 'image', { robot, variant: variant.run.robot, name: view });
  };
  // The Data view of the representation for the original and for the variant, side by side.
  const showData = async (variant: LogVariantEntry, representation: string): Promise<void> => {
    if (!variant.run) return;
    const key = `representation:${representation}`;
    await commands.execute(Commands.openView, 'data', { robot, key });
    await commands.execute(Commands.openView, 'data', { robot: variant.run.robot, key });
  };
  const color = cssRgb(VARIANT_COLOR);

  return (
    <div className="log-variants" data-testid="log-variants">
      <div className="view-toolbar log-variant-form">
        <strong>Variant</strong>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="Variant name"
          data-testid="variant-name"
          size={10}
        />
        <label>
          from <input value={from} onChange={(e) => setFrom(e.target.value)} data-testid="variant-from" size={6} />
        </label>
        <label>
          to <input value={to} onChange={(e) => setTo(e.target.value)} data-testid="variant-to" size={6} />
        </label>
        <button type="button" title="The window starts at the current frame" onClick={() => setFrom(String(current))}>
          ⇤ here
        </button>
        <button type="button" title="The window ends at the current frame" onClick={() => setTo(String(current))}>
          here ⇥
        </button>
        <button type="button" disabled={busy} onClick={() => void runVariant()} data-testid="variant-run">
          {busy ? 'Running…' : 'Run beside the original'}
        </button>
        <button
          type="button"
          disabled={!defined}
          title={`Save as Variants/${name}.variant (log variant load re-runs it on any log)`}
          onClick={() => void run(`log variant ${name} save`)}
          data-testid="variant-save"
        >
          Save
        </button>
      </div>
      <textarea
        className="log-variant-lines"
        value={lines}
        onChange={(e) => setLines(e.target.value)}
        placeholder={'set and mr lines, one per line, e.g.\nset module:SelfLocator odometryTranslationVariance = 2000;'}
        aria-label="The variant's set and mr lines"
        data-testid="variant-lines"
        rows={2}
      />
      {variants?.variants.map((v) => (
        <div key={v.name} className="log-variant" data-testid={`variant-${v.name}`}>
          <div className="view-toolbar">
            <span className="log-variant-swatch" style={{ background: color }} />
            <strong>{v.name}</strong>
            <span>
              frames {v.from} … {v.to} · {v.lines.length ? v.lines.join(' · ') : 'no changes'}
            </span>
            <span className="spacer" />
            <Outcome variant={v} seek={seek} />
            {v.run && (
              <button type="button" onClick={() => void showOnField(v)} data-testid={`variant-${v.name}-field`}>
                Both on the field
              </button>
            )}
            {v.run && (
              <button
                type="button"
                title="The image view of the original with the variant's image drawings over it"
                onClick={() => void showInImage(v)}
                data-testid={`variant-${v.name}-image`}
              >
                Both in the image
              </button>
            )}
          </div>
          {v.run && v.run.diffs.length > 0 && (
            <VariantDiffs
              variant={{ ...v, run: v.run }}
              robot={robot}
              seek={seek}
              showData={(representation) => void showData(v, representation)}
            />
          )}
        </div>
      ))}
    </div>
  );
}

/** Whether and from where a variant's run differed. */
function Outcome({ variant, seek }: { variant: LogVariantEntry; seek: (frame: number) => void }): ReactNode {
  const run = variant.run;
  if (!run) return <span className="status">not run</span>;
  const time = `${(run.ms / 1000).toFixed(1)} s`;
  if (run.differsFrom === undefined)
    return (
      <span className="status" data-testid={`variant-${variant.name}-outcome`}>
        byte-identical to the original ({time})
      </span>
    );
  const first = run.differsFrom;
  return (
    <span className="status" data-testid={`variant-${variant.name}-outcome`}>
      differs from frame{' '}
      <button type="button" className="link" onClick={() => seek(first)} title="Go there">
        {first}
      </button>{' '}
      in {run.diffs.length} representations ({time})
    </span>
  );
}
