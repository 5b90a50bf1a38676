/**
 * @file Suspending a console view while no panel shows it. A field or plot view created by `vf` or `vp` lives on
 * in the robot's console (SimRobot keeps it in the scene tree), but once the IDE has closed its last panel nobody
 * looks at it, so its debug requests are switched off, exactly as if its drawings and plot layers had been
 * removed one by one with `vfd … off` / `vpd … off` (a request that another view still needs stays on). Opening a
 * panel again resumes the view with what it showed before.
 */
import { RequestPrefixes } from '@robot-runtime/protocol/debugMessages/requestNames';
import type { PlotLayer, PlotView } from '../state/PlotStore';
import type { FieldView } from '../state/ViewStore';
import { declaredOfKind, removeFromView, switchDrawing } from './drawingViews';
import type { CommandConsole } from './types';

/** The kinds of console view a panel can suspend. */
export type SuspendableView = 'field' | 'plot';

/** What a suspended view showed, kept until it resumes (a view replaced by `vp` starts afresh). */
const suspendedDrawings = new WeakMap<FieldView, string[]>();
const suspendedLayers = new WeakMap<PlotView, PlotLayer[]>();

function suspendField(console: CommandConsole, view: FieldView): void {
  if (suspendedDrawings.has(view)) return;
  suspendedDrawings.set(view, [...view.drawings]);
  const declared = declaredOfKind(console, 'field');
  for (const d of [...new Set(view.drawings)]) removeFromView(console, 'field', view, d, declared);
}

function resumeField(console: CommandConsole, view: FieldView): void {
  const kept = suspendedDrawings.get(view);
  if (!kept) return;
  suspendedDrawings.delete(view);
  const declared = declaredOfKind(console, 'field');
  for (const d of kept) {
    const wasShown = console.model.views.isShown('field', d);
    const drawing = declared.get(d);
    if (console.model.views.addDrawing(view, d) && !wasShown && drawing) switchDrawing(console, drawing, true);
  }
}

function suspendPlot(console: CommandConsole, view: PlotView): void {
  if (suspendedLayers.has(view)) return;
  suspendedLayers.set(view, [...view.layers]);
  for (const layer of view.layers.splice(0, view.layers.length)) {
    const request = console.model.requests.get(RequestPrefixes.plot + layer.plotId);
    if (request && !console.model.plots.isPlotted(layer.plotId, layer.thread))
      console.switchRequest(request.translated, false, [layer.thread]);
  }
}

function resumePlot(console: CommandConsole, view: PlotView): void {
  const layers = suspendedLayers.get(view);
  if (!layers) return;
  suspendedLayers.delete(view);
  for (const layer of layers) {
    if (view.layers.some((l) => l.plotId === layer.plotId && l.thread === layer.thread)) continue;
    const wasPlotted = console.model.plots.isPlotted(layer.plotId, layer.thread);
    view.layers.push(layer);
    const request = console.model.requests.get(RequestPrefixes.plot + layer.plotId);
    if (request && !wasPlotted) console.switchRequest(request.translated, true, [layer.thread]);
  }
}

/** Runs `action` on the view of `kind` called `name`, if it exists; reports a failure in the console. */
function onView(
  console: CommandConsole,
  kind: SuspendableView,
  name: string,
  what: string,
  field: (v: FieldView) => void,
  plot: (v: PlotView) => void,
): void {
  try {
    if (kind === 'field') {
      const view = console.model.views.fieldView(name);
      if (view) field(view);
    } else {
      const view = console.model.plots.view(name);
      if (view) plot(view);
    }
  } catch (error) {
    console.print(
      `Error: cannot ${what} ${kind} view ${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Suspends a view: its requests go off unless another view needs them. Never throws. */
export function suspendView(console: CommandConsole, kind: SuspendableView, name: string): void {
  if (console.connection.state !== 'connected') return;
  onView(
    console,
    kind,
    name,
    'suspend',
    (v) => suspendField(console, v),
    (v) => suspendPlot(console, v),
  );
}

/** Resumes a suspended view with what it showed. Never throws. */
export function resumeView(console: CommandConsole, kind: SuspendableView, name: string): void {
  onView(
    console,
    kind,
    name,
    'resume',
    (v) => resumeField(console, v),
    (v) => resumePlot(console, v),
  );
}

/** True while the view is suspended (no panel shows it). */
export function isSuspended(console: CommandConsole, kind: SuspendableView, name: string): boolean {
  if (kind === 'field') {
    const view = console.model.views.fieldView(name);
    return view !== undefined && suspendedDrawings.has(view);
  }
  const view = console.model.plots.view(name);
  return view !== undefined && suspendedLayers.has(view);
}
