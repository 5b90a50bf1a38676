/**
 * @file The browser mode's open dialog: the page cannot read the host's disk, and a log or a scene is opened
 * where the host finds it, so the dialog lists the host's folders (`pitchside:files.list`) with a path field
 * for typing or pasting a path. Enter in the field lists a folder or picks a file; a click on a folder opens it,
 * a double click (or Open) on a file picks it; Escape cancels. Opening logs, "Open folder" picks the listed folder:
 * the logs of one game, replayed as one.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FileListing, FilePurpose } from '@app/ipc/files';
import { errorText } from '../../services/hostErrors';
import { useServices } from '../../services/ServicesContext';
import './files.css';

/** The dialog's props. */
export interface HostFileDialogProps {
  readonly purpose: FilePurpose;
  /** Called with the chosen path, or undefined when cancelled. */
  readonly onClose: (path: string | undefined) => void;
}

const TITLES: Record<FilePurpose, string> = { scene: 'Open scene', log: 'Open log' };

/** Lists the host's folders and lets the user pick a file. */
export function HostFileDialog({ purpose, onClose }: HostFileDialogProps): ReactNode {
  const { bridge } = useServices();
  const [listing, setListing] = useState<FileListing | undefined>(undefined);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  /** Counts the user's edits of the path: a listing that arrives after one must not overwrite what was typed. */
  const edits = useRef(0);

  const list = (dir?: string): void => {
    const editsBefore = edits.current;
    void bridge.invoke('pitchside:files.list', { purpose, ...(dir ? { dir } : {}) }).then(
      (l) => {
        setListing(l);
        if (edits.current === editsBefore) setPath(`${l.dir}${l.dir.endsWith('/') || l.dir.endsWith('\\') ? '' : '/'}`);
        setError(undefined);
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  useEffect(() => {
    list();
    input.current?.focus();
  }, []);

  const submit = (): void => {
    const typed = path.trim();
    if (typed === '') return;
    // A folder path (ending in a separator or naming a listed folder) is listed; anything else is picked.
    const folder = listing?.entries.find((e) => e.directory && e.path === typed.replace(/[\\/]$/, ''));
    if (/[\\/]$/.test(typed) || folder) list(typed);
    else onClose(typed);
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') onClose(undefined);
    else if (e.key === 'Enter') submit();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="file-dialog-backdrop" onMouseDown={() => onClose(undefined)}>
      <div
        className="file-dialog"
        role="dialog"
        aria-label={TITLES[purpose]}
        data-testid="file-dialog"
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={onKey}
      >
        <div className="file-dialog-title">{TITLES[purpose]} (files on the host)</div>
        <input
          ref={input}
          className="file-dialog-path"
          aria-label="Path"
          data-testid="file-dialog-path"
          value={path}
          spellCheck={false}
          onChange={(e) => {
            edits.current++;
            setPath(e.target.value);
          }}
        />
        {error && (
          <div className="file-dialog-error" role="alert">
            {error}
          </div>
        )}
        <ul className="file-dialog-list" aria-label="Files">
          {listing?.parent && (
            <li>
              <button type="button" className="file-entry directory" onClick={() => list(listing.parent)}>
                ..
              </button>
            </li>
          )}
          {listing?.entries.map((entry) => (
            <li key={entry.path}>
              <button
                type="button"
                className={`file-entry${entry.directory ? ' directory' : ''}`}
                onClick={() => (entry.directory ? list(entry.path) : setPath(entry.path))}
                onDoubleClick={() => !entry.directory && onClose(entry.path)}
              >
                {entry.name}
                {entry.directory ? '/' : ''}
              </button>
            </li>
          ))}
          {listing?.truncated && <li className="file-dialog-note">(more entries not shown: type a path)</li>}
        </ul>
        <div className="file-dialog-buttons">
          <button type="button" onClick={() => onClose(undefined)}>
            Cancel
          </button>
          {purpose === 'log' && listing && (
            <button
              type="button"
              data-testid="file-dialog-open-folder"
              title="Replay every log of this folder as one game (sml)"
              onClick={() => onClose(listing.dir)}
            >
              Open folder
            </button>
          )}
          <button type="button" data-testid="file-dialog-open" onClick={submit}>
            Open
          </button>
        </div>
      </div>
    </div>
  );
}
