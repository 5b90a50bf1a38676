/**
 * @file View → Export layout / Import layout: a dock layout as a JSON file of its own, so a layout made for one
 * scene or machine can be taken to another. The file says what it is; an import checks it before the dock
 * applies it, and a layout the dock refuses leaves the current one in place.
 */
import type { LayoutJson } from '@app/ipc/messages';

/** What an exported file says it is. */
const FORMAT = 'pitchside-layout';
/** Largest layout file read: what the host's layout store keeps at most. */
export const MAX_LAYOUT_FILE_BYTES = 256 * 1024;

/** An exported layout file's content. */
export interface LayoutFile {
  readonly format: typeof FORMAT;
  readonly version: 1;
  /** Scene the layout was exported from (informative). */
  readonly scene: string;
  readonly layout: LayoutJson;
}

/** The text of a layout file. */
export function layoutFileText(scene: string, layout: LayoutJson): string {
  const file: LayoutFile = { format: FORMAT, version: 1, scene, layout };
  return `${JSON.stringify(file, null, 1)}\n`;
}

/** The layout a file holds; throws a sentence saying what is wrong with it. */
export function parseLayoutFile(text: string): LayoutJson {
  if (text.length > MAX_LAYOUT_FILE_BYTES) throw new Error(`not a layout: larger than ${MAX_LAYOUT_FILE_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`not a layout: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const file = value as Partial<LayoutFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== FORMAT)
    throw new Error('not a layout: no "format": "pitchside-layout" (export one with View → Export layout)');
  if (file.version !== 1) throw new Error(`unsupported layout version ${String(file.version)}`);
  const layout = file.layout as Record<string, unknown> | undefined;
  if (typeof layout !== 'object' || layout === null || typeof layout.grid !== 'object' || !layout.panels)
    throw new Error('not a layout: it has no dock grid and panels');
  return layout;
}

/** Asks for a file with the browser's file picker; resolves with its text, or undefined when none was chosen. */
export function pickTextFile(accept: string): Promise<{ name: string; text: string } | undefined> {
  return new Promise((resolve, reject) => {
    const input = Object.assign(document.createElement('input'), { type: 'file', accept });
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return resolve(undefined);
      if (file.size > MAX_LAYOUT_FILE_BYTES)
        return reject(new Error(`${file.name} is not a layout: larger than ${MAX_LAYOUT_FILE_BYTES} bytes`));
      file.text().then((text) => resolve({ name: file.name, text }), reject);
    });
    input.addEventListener('cancel', () => resolve(undefined));
    input.click();
  });
}
