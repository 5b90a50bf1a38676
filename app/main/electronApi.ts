/**
 * @file The slice of Electron's main-process API this program uses, typed locally: Electron is an optional
 * dependency that does not install everywhere (its binary downloads at install time), and the type check must
 * pass without it. Each shape matches Electron's own (a subset), so the real module satisfies it.
 */

/** `BrowserWindow` constructor options we set. */
export interface WindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  backgroundColor: string;
  show: boolean;
  webPreferences: WebPreferences;
}

/** Security-relevant `webPreferences`. */
export interface WebPreferences {
  preload: string;
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  nodeIntegrationInWorker: boolean;
  nodeIntegrationInSubFrames: boolean;
  webSecurity: boolean;
  allowRunningInsecureContent: boolean;
  webviewTag: boolean;
  spellcheck: boolean;
}

/** The sender of an IPC message. */
export interface IpcMainInvokeEvent {
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: { readonly id: number };
}

/** A window's web contents. */
export interface WebContentsLike {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): void;
}

/** A window. */
export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  on(event: 'closed', listener: () => void): void;
  show(): void;
}

/** The parts of `require('electron')` in the main process we use. */
export interface ElectronMain {
  readonly app: {
    readonly commandLine: { appendSwitch(name: string, value?: string): void };
    whenReady(): Promise<void>;
    on(event: 'window-all-closed', listener: () => void): void;
    quit(): void;
    getPath(name: 'userData'): string;
    getVersion(): string;
    /** True when running from a package built by electron-builder. */
    readonly isPackaged: boolean;
    /** The app's folder (or app.asar) holding out/ and dist/renderer. */
    getAppPath(): string;
  };
  readonly BrowserWindow: new (options: WindowOptions) => BrowserWindowLike;
  readonly dialog: {
    showOpenDialog(
      window: BrowserWindowLike,
      options: {
        title: string;
        properties: 'openFile'[];
        filters: { name: string; extensions: string[] }[];
        defaultPath?: string;
      },
    ): Promise<{ canceled: boolean; filePaths: string[] }>;
  };
  readonly ipcMain: {
    handle(channel: string, handler: (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>): void;
  };
  readonly session: {
    readonly defaultSession: {
      setPermissionRequestHandler(
        handler: (contents: unknown, permission: string, grant: (granted: boolean) => void) => void,
      ): void;
      setPermissionCheckHandler(handler: () => boolean): void;
    };
  };
  readonly protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void;
    handle(scheme: string, handler: (request: { url: string }) => Promise<Response> | Response): void;
  };
}
