/**
 * @file Suspending a console view while no panel shows it. A field, image or plot view created by `vf`, `vi` or
 * `vp` lives on in the robot's console (SimRobot keeps it in the scene tree), but once the IDE has closed its
 * last panel nobody looks at it, so its debug requests are switched off, exactly as if its drawings and plot
 * layers had been removed one by one with `vfd … off` / `vpd … off` (a request that another view still needs stays
 * on). Opening a panel again resumes the view with what it showed before.
 */
import { RequestPrefixes } from '../../../../robot-runtime/protocol/debugMessages/requestNames';
import type { RobotConsole } from '../RobotConsole';
import type { PlotLayer, PlotView } from '../state/PlotStore';
import type { DrawingView, ImageView } from '../state/ViewStore';
import { availableImages, declaredOfKind, removeFromView, switchDrawing } from './drawingViews';

/** What a suspended view showed, kept until it resumes (a view replaced by `vi` or `vp` starts afresh). */
const suspendedDrawings = new WeakMap<DrawingView, string[]>();
const suspendedLayers = new WeakMap<PlotView, PlotLayer[]>();

/** The field, image and plot views of a robot called `name`. */
function viewsNamed(console: RobotConsole, name: string): { drawing: DrawingView[]; plot: PlotView | undefined } {
  const views = console.model.views;
  const drawing = [views.fieldView(name), views.imageView(name)].filter((v): v is DrawingView => v !== undefined);
  return { drawing, plot: console.model.plots.view(name) };
}

/** True when an image view other than `except`, not suspended, shows `image` of `thread`. */
function imageShown(console: RobotConsole, image: string, thread: string, except: ImageView): boolean {
  return console.model.views.imageViews().some((v) => v !== except && !suspendedDrawings.has(v) && v.image === image && v.thread === thread);
}

/** Switches an image view's camera or debug image on or off (when no other open view needs it). */
function switchImage(console: RobotConsole, view: ImageView, enable: boolean): void {
  const available = availableImages(console).get(view.image);
  if (!available || !available.threads.includes(view.thread) || imageShown(console, view.image, view.thread, view)) return;
  console.switchRequest(available.request, enable, [view.thread]);
}

/** Suspends the views called `name`: their requests go off unless another view needs them. Never throws. */
export function suspendViews(console: RobotConsole, name: string): void {
  if (console.connection.state !== 'connected') return;
  const { drawing, plot } = viewsNamed(console, name);
  try {
    for (const view of drawing) {
      if (suspendedDrawings.has(view)) continue;
      suspendedDrawings.set(view, [...view.drawings]);
      const declared = declaredOfKind(console, view.kind);
      for (const d of [...new Set(view.drawings)]) removeFromView(console, view.kind, view, d, declared);
      if (view.kind === 'image') switchImage(console, view, false);
    }
    if (plot && !suspendedLayers.has(plot)) {
      suspendedLayers.set(plot, [...plot.layers]);
      const layers = plot.layers.splice(0, plot.layers.length);
      for (const layer of layers) {
        const request = console.model.requests.get(RequestPrefixes.plot + layer.plotId);
        if (request && !console.model.plots.isPlotted(layer.plotId, layer.thread)) console.switchRequest(request.translated, false, [layer.thread]);
      }
    }
  } catch (error) {
    console.print(`Error: cannot suspend view ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Resumes suspended views called `name` with what they showed. Never throws. */
export function resumeViews(console: RobotConsole, name: string): void {
  const { drawing, plot } = viewsNamed(console, name);
  try {
    for (const view of drawing) {
      const kept = suspendedDrawings.get(view);
      if (!kept) continue;
      suspendedDrawings.delete(view);
      const declared = declaredOfKind(console, view.kind);
      for (const d of kept) {
        const wasShown = console.model.views.isShown(view.kind, d);
        const declaredDrawing = declared.get(d);
        if (console.model.views.addDrawing(view, d) && !wasShown && declaredDrawing) switchDrawing(console, declaredDrawing, true);
      }
      if (view.kind === 'image') switchImage(console, view, true);
    }
    const layers = plot && suspendedLayers.get(plot);
    if (plot && layers) {
      suspendedLayers.delete(plot);
      for (const layer of layers) {
        if (plot.layers.some((l) => l.plotId === layer.plotId && l.thread === layer.thread)) continue;
        const wasPlotted = console.model.plots.isPlotted(layer.plotId, layer.thread);
        plot.layers.push(layer);
        const request = console.model.requests.get(RequestPrefixes.plot + layer.plotId);
        if (request && !wasPlotted) console.switchRequest(request.translated, true, [layer.thread]);
      }
    }
  } catch (error) {
    console.print(`Error: cannot resume view ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** True while the view called `name` is suspended (no panel shows it). */
export function isSuspended(console: RobotConsole, name: string): boolean {
  const { drawing, plot } = viewsNamed(console, name);
  return drawing.some((v) => suspendedDrawings.has(v)) || (plot !== undefined && suspendedLayers.has(plot));
}
