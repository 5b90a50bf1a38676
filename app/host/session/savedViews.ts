/**
 * @file The views of a scene's robots (`vf`/`vfd`, `vi`/`vid`, `vp`/`vpd`, typed or from a script) as they are kept
 * beside the scene's saved layout, so that the next session gives them back to the panels the layout restores. The
 * file is read back with every field checked: a damaged one is an error that names the problem, never a crash.
 */
import type { ViewSnapshot } from '../console/viewCommands';

/** The views of a scene's robots, by robot name. */
export type SavedViews = Readonly<Record<string, ViewSnapshot>>;

/** Largest saved views file read (bytes); a robot's views are a few hundred bytes of console lines. */
export const MAX_SAVED_VIEWS_BYTES = 1024 * 1024;

/** Saved views by scene name (kept with the scene's layout). */
export interface SavedViewsStore {
  /** The views saved for `scene`, undefined when there are none; throws when the saved ones are damaged. */
  loadViews(scene: string): Promise<SavedViews | undefined>;
  saveViews(scene: string, views: SavedViews): Promise<void>;
}

/** Parses a saved views file; throws an Error saying what is wrong. */
export function parseSavedViews(text: string): SavedViews {
  if (text.length > MAX_SAVED_VIEWS_BYTES) throw new Error(`larger than ${MAX_SAVED_VIEWS_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const robots = record(value, 'the file');
  const views: Record<string, ViewSnapshot> = {};
  for (const [robot, snapshot] of Object.entries(robots)) views[robot] = parseSnapshot(snapshot, robot);
  return views;
}

function parseSnapshot(value: unknown, robot: string): ViewSnapshot {
  const s = record(value, robot);
  const where = (key: string): string => `${robot}.${key}`;
  return {
    fields: list(s.fields, where('fields')).map((f, i) => text(f, `${where('fields')}[${i}]`)),
    images: list(s.images, where('images')).map((v, i) => {
      const at = `${where('images')}[${i}]`;
      const image = record(v, at);
      return {
        name: text(image.name, `${at}.name`),
        image: text(image.image, `${at}.image`),
        thread: text(image.thread, `${at}.thread`),
        gain: number(image.gain, `${at}.gain`),
        ddScale: number(image.ddScale, `${at}.ddScale`),
      };
    }),
    plots: list(s.plots, where('plots')).map((v, i) => {
      const at = `${where('plots')}[${i}]`;
      const plot = record(v, at);
      return {
        name: text(plot.name, `${at}.name`),
        numOfValues: number(plot.numOfValues, `${at}.numOfValues`),
        minValue: number(plot.minValue, `${at}.minValue`),
        maxValue: number(plot.maxValue, `${at}.maxValue`),
        yUnit: text(plot.yUnit, `${at}.yUnit`),
        xUnit: text(plot.xUnit, `${at}.xUnit`),
        xScale: number(plot.xScale, `${at}.xScale`),
      };
    }),
    lines: list(s.lines, where('lines')).map((l, i) => text(l, `${where('lines')}[${i}]`)),
  };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what} is not a number`);
  return value;
}
