/**
 * @file The slice of Electron's renderer-side API the preload uses, typed locally so the type check does not need
 * Electron installed. Shapes match Electron's own.
 */

/** `ipcRenderer`, as far as the preload uses it. */
export interface IpcRendererLike {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/** `contextBridge`. */
export interface ContextBridgeLike {
  exposeInMainWorld(key: string, api: unknown): void;
}
