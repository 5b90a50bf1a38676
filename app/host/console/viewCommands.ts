/**
 * @file A robot console's field, image and plot views as the console lines that create them (`vf`/`vfd`,
 * `vi`/`vid`, `vp`/`vpd`). Replayed on a robot's new console (a simulation reset builds fresh consoles), they give
 * the user's views back with their drawings and layers, and switch their requests on in the new robot.
 */
import type { RobotConsole } from './RobotConsole';
import type { PlotView } from './state/PlotStore';
import { isRepeatableDrawing, type ImageView } from './state/ViewStore';

/** Quotes a token for the console's tokenizer (units and descriptions may contain spaces or be empty). */
function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The drawings of a view once each, in order (repeatable drawings as often as they occur). */
function drawingsOf(drawings: readonly string[]): string[] {
  return drawings.filter((d, i) => isRepeatableDrawing(d) || drawings.indexOf(d) === i);
}

const hex = (n: number): string => n.toString(16).padStart(2, '0');

/** The lines that recreate every field, image and plot view of `console`. */
export function viewCommands(console: RobotConsole): string[] {
  const lines: string[] = [];
  const views = console.model.views;
  for (const view of views.fieldViews()) {
    lines.push(`vf ${view.name}`);
    for (const d of drawingsOf(view.drawings)) lines.push(`vfd ${view.name} ${d}`);
  }
  for (const view of views.imageViews()) {
    lines.push(`for ${view.thread} vi ${view.image} ${view.name} gain ${view.gain} ddScale ${view.ddScale}`);
    for (const d of drawingsOf(view.drawings)) lines.push(`vid ${view.name} ${d}`);
  }
  for (const view of console.model.plots.allViews()) {
    lines.push(
      `vp ${view.name} ${view.numOfValues} ${view.minValue} ${view.maxValue} ${quote(view.yUnit)} ${quote(view.xUnit)} ${view.xScale}`,
    );
    const seen = new Set<string>();
    for (const layer of view.layers) {
      if (seen.has(layer.plotId)) continue;
      seen.add(layer.plotId);
      const { r, g, b } = layer.color;
      lines.push(`vpd ${view.name} ${layer.plotId} ${hex(r)}${hex(g)}${hex(b)} ${quote(layer.description)}`);
    }
  }
  return lines;
}

/** A console's views, to be given to the robot's next console. */
export interface ViewSnapshot {
  readonly fields: readonly string[];
  readonly images: readonly Omit<ImageView, 'kind' | 'drawings'>[];
  readonly plots: readonly Omit<PlotView, 'layers'>[];
  /** The lines that fill them (drawings, layers) and switch their requests on. */
  readonly lines: readonly string[];
}

/** Takes the views of `console`. */
export function snapshotViews(console: RobotConsole): ViewSnapshot {
  const views = console.model.views;
  return {
    fields: views.fieldViews().map((v) => v.name),
    images: views
      .imageViews()
      .map(({ name, image, thread, gain, ddScale }) => ({ name, image, thread, gain, ddScale })),
    plots: console.model.plots.allViews().map(({ name, numOfValues, minValue, maxValue, yUnit, xUnit, xScale }) => ({
      name,
      numOfValues,
      minValue,
      maxValue,
      yUnit,
      xUnit,
      xScale,
    })),
    lines: viewCommands(console),
  };
}

/**
 * Gives `console` the views of a snapshot: the views exist at once (so open panels find them and do not create
 * default ones), their drawings and layers follow as the lines run, once the robot has been polled. The drawings
 * a start script queued before are taken off first, so each view ends with the snapshot's list exactly (an origin
 * drawing, which may occur several times, is not added once more per restore).
 */
export function restoreViews(console: RobotConsole, snapshot: ViewSnapshot): void {
  for (const name of snapshot.fields) console.model.views.addFieldView(name);
  for (const image of snapshot.images)
    if (!console.model.views.imageView(image.name)) console.model.views.addImageView(image);
  for (const { name, ...scaling } of snapshot.plots) console.model.plots.setView(name, scaling);
  if (snapshot.fields.length > 0) console.execute('vfd off');
  if (snapshot.images.length > 0) console.execute('vid off');
  for (const line of snapshot.lines) console.execute(line);
}
