/**
 * @file The bridge channels of the File menu: a listing of a folder on the host's disk (the browser mode's file
 * dialog: the page cannot read the host's disk, and a log or scene must be opened where the host finds it), the
 * host's native open dialog where there is one (Electron), and opening a scene in place of the running one.
 */
import { oneOf, takes, text, Type } from './schema';

/** What a file can be chosen for: decides the dialog's filter and its first folder. */
export const FILE_PURPOSES = ['scene', 'log'] as const;

/** What a file is chosen for. */
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Longest path accepted. */
export const MAX_PATH = 4096;

const Purpose = oneOf(FILE_PURPOSES);
/** A file to open: a path with something but white space in it. */
const FileRequest = Type.Object({ file: text(MAX_PATH, { pattern: '\\S' }) });

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

/** The contracts of the File menu's channels. */
export const FILES_REQUESTS = {
  /** Lists `dir` (default: the folder files of `purpose` usually live in). */
  'pitchside:files.list': takes(
    Type.Object({ purpose: Purpose, dir: Type.Optional(text(MAX_PATH)) }),
  ).answers<FileListing>(),
  /** Shows the host's native open dialog (only where `SessionInfo.nativeFileDialog`); no path when cancelled. */
  'pitchside:files.choose': takes(Type.Object({ purpose: Purpose })).answers<{ readonly path?: string }>(),
  /** Loads `file` and replaces the running scene with it; a file that does not load leaves the old one running. */
  'pitchside:scene.open': takes(FileRequest).answers<{ readonly scene: string }>(),
  /** Replays `file` as a robot (the console's `sl`, named after the file); fails with what the console said. */
  'pitchside:log.open': takes(FileRequest).answers<{ readonly robot: string }>(),
};
