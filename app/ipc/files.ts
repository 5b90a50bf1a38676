/**
 * @file The bridge channels of the File menu: a listing of a folder on the host's disk (the browser mode's file
 * dialog: the page cannot read the host's disk, and a log or scene must be opened where the host finds it), the
 * host's native open dialog where there is one (Electron), and opening a scene in place of the running one.
 */

/** Request channels of the File menu. */
export const FILES_REQUEST_CHANNELS = [
  'pitchside:files.list',
  'pitchside:files.choose',
  'pitchside:scene.open',
  'pitchside:log.open',
] as const;

/** A File menu request channel. */
export type FilesRequestChannel = (typeof FILES_REQUEST_CHANNELS)[number];

const FILES_REQUEST_SET: ReadonlySet<string> = new Set(FILES_REQUEST_CHANNELS);

/** True for the channels of this file (validation and dispatch branch on it). */
export function isFilesRequestChannel(channel: string): channel is FilesRequestChannel {
  return FILES_REQUEST_SET.has(channel);
}

/** What a file is chosen for: decides the dialog's filter and its first folder. */
export type FilePurpose = 'scene' | 'log';

/** The file name endings of each purpose. */
export const FILE_EXTENSIONS: Readonly<Record<FilePurpose, readonly string[]>> = {
  scene: ['.ros3', '.ros2'],
  log: ['.log', '.mcap'],
};

/** One entry of a folder listing. */
export interface FileEntry {
  readonly name: string;
  /** Absolute path on the host. */
  readonly path: string;
  readonly directory: boolean;
}

/** A folder on the host's disk: its sub-folders and the files of the purpose, sorted by name. */
export interface FileListing {
  /** Absolute path of the folder. */
  readonly dir: string;
  /** The folder above, unless `dir` is a root. */
  readonly parent?: string;
  readonly entries: readonly FileEntry[];
  /** True when the folder had more entries than a listing carries. */
  readonly truncated?: boolean;
}

/** Request and response types of the File menu's channels. */
export interface FilesRequests {
  /** Lists `dir` (default: the folder files of `purpose` usually live in). */
  'pitchside:files.list': {
    request: { readonly purpose: FilePurpose; readonly dir?: string };
    response: FileListing;
  };
  /** Shows the host's native open dialog (only where `SessionInfo.nativeFileDialog`); no path when cancelled. */
  'pitchside:files.choose': { request: { readonly purpose: FilePurpose }; response: { readonly path?: string } };
  /** Loads `file` and replaces the running scene with it; a file that does not load leaves the old one running. */
  'pitchside:scene.open': { request: { readonly file: string }; response: { readonly scene: string } };
  /** Replays `file` as a robot (the console's `sl`, named after the file); fails with what the console said. */
  'pitchside:log.open': { request: { readonly file: string }; response: { readonly robot: string } };
}
