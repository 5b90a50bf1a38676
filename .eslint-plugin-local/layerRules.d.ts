/** Checks one import against the layer rules; returns a message when it breaks one. */
export function checkImport(input: {
  from: string;
  spec: string;
  target: string | undefined;
  typeOnly: boolean;
}): string | undefined;
/** The layer of a repo-relative path, or undefined outside the layered folders. */
export function layerOf(relPath: string): { name: string; prefix: string } | undefined;
export const LAYERS: ReadonlyArray<{ name: string; prefix: string }>;
/** The floors of app/host, lowest first: the folder names on each floor. */
export const HOST_FLOORS: ReadonlyArray<ReadonlyArray<string>>;
