/**
 * Debug request names as the robot uses them (untranslated, B-Human spelling) and the console's translated form.
 * Keeping the names in one place means the runtime, the console and the views can never disagree on a prefix.
 */

/** Infrastructure requests with a fixed name (formats §2.4, §10.1). */
export const RequestNames = {
  /** Makes every thread announce its request names for the next 3 frames. */
  poll: 'poll',
  /** Switches every request off. */
  disableAll: 'disableAll',
  /** Stopwatch data (idStopwatch) every frame. */
  timing: 'timing',
  /** Annotations sent live. */
  annotation: 'annotation',
  /** Turns off the Debug thread's de-duplication of infrastructure messages. */
  keepAllMessages: 'debug:keepAllMessages',
  moduleOrder: 'moduleGraph:moduleOrder',
  dataExchanged: 'moduleGraph:dataExchanged',
  typeInfo: 'automated requests:TypeInfo',
  moduleTable: 'automated requests:ModuleTable',
  drawingManager: 'automated requests:DrawingManager',
  drawingManager3D: 'automated requests:DrawingManager3D',
  /** The robot's name, body and player number (idRobotName), answered by the Debug thread. */
  robotName: 'module:NaoProvider:robotName',
} as const;

/** Prefixes of per-object requests. */
export const RequestPrefixes = {
  drawing: 'debug drawing:',
  drawing3d: 'debug drawing 3d:',
  debugData: 'debug data:',
  debugImages: 'debug images:',
  plot: 'plot:',
  representation: 'representation:',
  module: 'module:',
} as const;

/** `debug drawing:<id>`: enables a 2-D drawing. */
export function drawingRequest(id: string): string {
  return RequestPrefixes.drawing + id;
}

/** `debug drawing 3d:<id>`: enables a 3-D drawing. */
export function drawing3dRequest(id: string): string {
  return RequestPrefixes.drawing3d + id;
}

/** `debug data:<name>`: get/set a MODIFY-able object. */
export function debugDataRequest(name: string): string {
  return RequestPrefixes.debugData + name;
}

/** `debug images:<id>`: enables a debug image. */
export function debugImageRequest(id: string): string {
  return RequestPrefixes.debugImages + id;
}

/** `plot:<id>`: enables a plot. */
export function plotRequest(id: string): string {
  return RequestPrefixes.plot + id;
}

/** The plot id under which stopwatch `name` is plotted in ms (request `plot:stopwatch:<name>`). */
export function stopwatchPlotId(name: string): string {
  return `stopwatch:${name}`;
}

/** `representation:<Rep>`: streams a representation each frame. */
export function representationRequest(representation: string): string {
  return RequestPrefixes.representation + representation;
}

/**
 * The console's form of a request name (formats §1.1): a space or `-` is dropped and a lowercase letter right after
 * it is uppercased; `::` becomes `:`. `debug drawing 3d:x` -> `debugDrawing3d:x`.
 */
export function translateRequestName(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c === ' ' || c === '-') {
      const next = name[i + 1];
      if (next !== undefined && next >= 'a' && next <= 'z') {
        out += next.toUpperCase();
        i++;
      }
    } else if (c === ':' && name[i + 1] === ':') {
      out += ':';
      i++;
    } else out += c;
  }
  return out;
}
