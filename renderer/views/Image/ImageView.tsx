/**
 * @file The Image view (`vi` / `vid`, formats §4.2): a robot's camera or debug image with its drawingOnImage
 * drawings, zoom and pan, a pixel tooltip (x, y, Y U V, R G B) and "Save PNG". Images are pulled one at a time
 * (the next request goes out once the previous image is painted), decoded in a worker, and only sent by the
 * host when they changed; they come through the data source (capability `images`) as bytes. Opened without
 * parameters it shows the selected robot's first image view. With a `variant` parameter (a log variant's robot) it
 * paints the variant's drawings of the same view in a second colour over the original's (VariantOverlay). Keyboard,
 * while the image has the focus: PageUp/+ and PageDown/− zoom, the arrows pan, Home fits the image. A camera image
 * can be marked for training (the Mark tools: balls, penalty marks, robots; "Save marks" writes the data set): each
 * mark is a `mark` console line on the robot (marks.ts), and the marks of the image shown are painted over it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ImagePixelFormat } from '@app/ipc/simulation';
import { EmptyState } from '../../components/EmptyState';
import { VariantLegend } from '../../components/VariantLegend';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useRobotSource, useRobots, useViewList } from '../../data/hooks';
import type { ViewProps } from '../../services/viewContract';
import { ImageDecoder, type DecodedImage } from './ImageDecoder';
import { ImageRenderer } from './ImageRenderer';
import { pixelAt } from './pixels';
import { VariantOverlay } from './VariantOverlay';
import { markLine, type ImageMark, type MarkTool } from './marks';
import './Image.css';

/** Fastest image rate the view asks for (images/s). */
const MAX_RATE = 15;
/** Wait before asking again when nothing new was there (ms). */
const IDLE_WAIT = 100;

/** Whether `element` is on the screen: in the document, laid out, and the page not hidden. */
function shown(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0 && document.visibilityState !== 'hidden';
}

/** The image view. */
export function ImageView({ params }: ViewProps): ReactNode {
  const robots = useRobots();
  const views = useViewList();
  const robot = params.robot ?? robots.selection[0] ?? robots.robots[0]?.name;
  const source = useRobotSource(robot);
  const imageViews = views.robots.find((r) => r.robot === robot)?.imageViews ?? [];
  // The upper camera first: it sees the field, the lower one mostly the robot's feet.
  const view = params.name ?? (imageViews.find((v) => v.thread === 'Upper') ?? imageViews[0])?.name;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<ImageRenderer | undefined>(undefined);
  const imageRef = useRef<{ image: DecodedImage; format: ImagePixelFormat } | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [info, setInfo] = useState('');
  const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | undefined>(undefined);
  const variant = params.variant;
  const viewInfo = imageViews.find((v) => v.name === view);
  const [differsFrom, setDiffersFrom] = useState<number | undefined>(undefined);
  const [tool, setTool] = useState<MarkTool | undefined>(undefined);
  const [dataSet, setDataSet] = useState('marks');
  /** Marks made in this view, with the time stamp of the image each was made in. */
  const marksRef = useRef<{ timestamp: number | undefined; mark: ImageMark }[]>([]);
  const [markCount, setMarkCount] = useState(0);
  /** The time stamp of the image shown. */
  const shownAtRef = useRef<number | undefined>(undefined);
  const thread = viewInfo?.thread;
  const showMarks = useCallback(() => {
    const at = shownAtRef.current;
    rendererRef.current?.setMarks(marksRef.current.filter((m) => m.timestamp === at).map((m) => m.mark));
  }, []);
  const currentRenderer = useCallback(() => rendererRef.current, []);
  const visible = useCallback(() => canvasRef.current !== null && shown(canvasRef.current), []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || source === undefined || view === undefined) return undefined;
    const renderer = new ImageRenderer(canvas, {
      mark: (mark) => {
        if (thread === undefined) return;
        marksRef.current.push({ timestamp: shownAtRef.current, mark });
        setMarkCount(marksRef.current.length);
        showMarks();
        void source.run(markLine(thread, mark)).catch(() => undefined);
      },
      pointer: (p) => {
        const current = imageRef.current;
        if (!p || !current) return setTooltip(undefined);
        const v = pixelAt(current.format, current.image.raw, current.image.width, p.x, p.y);
        setTooltip({
          text: `x=${p.x}, y=${p.y}\nY=${v.y} U=${v.u} V=${v.v}\nR=${v.r} G=${v.g} B=${v.b}`,
          x: p.screenX + 14,
          y: p.screenY + 14,
        });
      },
    });
    rendererRef.current = renderer;
    const decoder = new ImageDecoder();
    let live = true;
    let seq: number | undefined;
    const loop = async (): Promise<void> => {
      while (live) {
        if (!shown(canvas)) {
          // A panel in a background tab (the start script opens both cameras) asks for no images: each is
          // hundreds of kilobytes, and unseen streams made a loaded page fall further and further behind.
          await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT));
          continue;
        }
        const started = performance.now();
        let painted = false;
        try {
          const response = await source.image(view, seq);
          if (!live) return;
          setNotice(response.notice);
          const frame = response.frame;
          if (frame && (frame.width === 0 || frame.height === 0)) {
            // An empty image (a body without camera): nothing to paint, the notice says why; the frame still counts.
            seq = frame.seq;
            canvas.dataset.seq = String(frame.seq);
            setInfo(`${frame.robot}.image.${frame.view} · empty`);
          } else if (frame) {
            const image = await decoder.decode({
              format: frame.format,
              width: frame.width,
              height: frame.height,
              data: frame.data,
            });
            if (!live) return;
            seq = frame.seq;
            imageRef.current = { image, format: frame.format };
            renderer.setImage(image);
            renderer.setDrawings(frame.drawings.map((d) => d.shapes));
            shownAtRef.current = frame.timestamp;
            showMarks();
            canvas.dataset.seq = String(frame.seq);
            setInfo(
              `${frame.robot}.image.${frame.view} · ${frame.width}×${frame.height} ${frame.format.toUpperCase()}${frame.timestamp !== undefined ? ` · t=${frame.timestamp} ms` : ''}`,
            );
            painted = true;
          }
        } catch (error) {
          if (!live) return;
          setNotice(error instanceof Error ? error.message : String(error));
        }
        const wait = painted ? 1000 / MAX_RATE - (performance.now() - started) : IDLE_WAIT;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      }
    };
    void loop();
    return () => {
      live = false;
      decoder.dispose();
      renderer.dispose();
      rendererRef.current = undefined;
      imageRef.current = undefined;
    };
  }, [source, view, thread, showMarks]);

  useEffect(() => rendererRef.current?.setTool(tool), [tool, source, view]);

  if (robot === undefined || source === undefined) {
    return (
      <EmptyState testId="image-empty">
        No robot yet. Start a simulation or connect a robot (Robots panel or sc &lt;name&gt; &lt;address&gt;), then open
        its camera image with vi CameraImage upper.
      </EmptyState>
    );
  }
  const addView = (): void => void source.run('vi CameraImage upper').catch(() => undefined);
  if (view === undefined) {
    return (
      <EmptyState testId="image-empty">
        {robot} has no image view yet. Type <code>vi CameraImage upper</code> in the console, or{' '}
        <button type="button" onClick={addView} data-testid="image-add-view">
          show its camera images
        </button>
        .
      </EmptyState>
    );
  }

  const save = async (): Promise<void> => {
    const blob = await rendererRef.current?.toPng();
    if (!blob) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${robot}.image.${view}.png`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <div className="robot-view" data-testid="image-view">
      {variant !== undefined && viewInfo && (
        <VariantOverlay
          robot={robot}
          variant={variant}
          view={viewInfo}
          drawings={viewInfo.drawings ?? []}
          renderer={currentRenderer}
          visible={visible}
          differsFrom={setDiffersFrom}
        />
      )}
      <div className="view-toolbar">
        <button type="button" onClick={() => rendererRef.current?.zoomBy(1.25)} title="Zoom in (PageUp, +, wheel)">
          +
        </button>
        <button type="button" onClick={() => rendererRef.current?.zoomBy(0.8)} title="Zoom out (PageDown, −, wheel)">
          −
        </button>
        <button
          type="button"
          onClick={() => rendererRef.current?.resetView()}
          title="Fit the image (Home, double click)"
        >
          Fit
        </button>
        <button type="button" onClick={() => void save()} title="Save the image as PNG" data-testid="image-save">
          Save PNG
        </button>
        {viewInfo?.image === 'CameraImage' && (
          <>
            <label title="Drag on the image: a ball or penalty mark from its centre to its edge, a robot's box from corner to corner">
              Mark{' '}
              <select
                value={tool ?? ''}
                onChange={(e) => setTool((e.target.value || undefined) as MarkTool | undefined)}
                data-testid="image-mark-tool"
              >
                <option value="">off (drag pans)</option>
                <option value="ball">ball</option>
                <option value="penaltyMark">penalty mark</option>
                <option value="robot">robot</option>
              </select>
            </label>
            <input
              value={dataSet}
              onChange={(e) => setDataSet(e.target.value)}
              aria-label="Data set name (config/Datasets/<name>.patches and .json)"
              size={10}
              data-testid="image-mark-name"
            />
            <button
              type="button"
              disabled={markCount === 0 || !/^[\w.-]+$/.test(dataSet)}
              title={`Save the marks as config/Datasets/${dataSet}.patches (ball network patches) and ${dataSet}.json (every mark)`}
              onClick={() => void source.run(`for ${thread} mark save ${dataSet}`).catch(() => undefined)}
              data-testid="image-mark-save"
            >
              Save marks ({markCount})
            </button>
          </>
        )}
        <span className="spacer" />
        {variant !== undefined && (
          <VariantLegend robot={robot} variant={variant} differsFrom={differsFrom} testId="image-variant" />
        )}
        <span className="status">{info}</span>
      </div>
      <div className="view-body image-body">
        <canvas
          ref={canvasRef}
          className="image-canvas"
          {...keyboardSurface(
            `${robot}.image.${view}: drag or arrows pan, wheel, PageUp/+ and PageDown/− zoom, Home or double-click fits`,
          )}
          data-testid="image-canvas"
        />
        {(!info || notice) && (
          <div className="view-overlay-note" role="status" data-testid="image-notice">
            {notice ?? `Waiting for the first image of ${robot}.image.${view}…`}
          </div>
        )}
        {tooltip && (
          <div className="view-tooltip" style={{ left: tooltip.x, top: tooltip.y }} data-testid="image-tooltip">
            {tooltip.text}
          </div>
        )}
      </div>
    </div>
  );
}
