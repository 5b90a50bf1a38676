/**
 * @file A robot console's field, image and plot views as the console lines that create them (`vf`/`vfd`,
 * `vi`/`vid`, `vp`/`vpd`). Replayed on a robot's new console (a simulation reset builds fresh consoles), they give
 * the user's views back with their drawings and layers, and switch their requests on in the new robot.
 */
import type { RobotConsole } from './RobotConsole';
import { isRepeatableDrawing } from './state/ViewStore';

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
    lines.push(`vp ${view.name} ${view.numOfValues} ${view.minValue} ${view.maxValue} ${quote(view.yUnit)} ${quote(view.xUnit)} ${view.xScale}`);
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
