/**
 * @file The command palette (VS Code's, Ctrl+Shift+P or F1): a filter box over every command and view. Up/Down
 * (PageUp/PageDown) choose, Enter runs, Escape closes; shortcuts are shown beside the entries. The focus goes
 * back where it was before the palette opened, then the command runs, so a command acting on "the focused
 * panel" acts on the panel the user came from, and a view opened here takes the focus itself.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { listMove } from '../../components/keyboard/listKeys';
import { useViewList } from '../../data/hooks';
import { Commands } from '../../services/CommandBus';
import { useServices } from '../../services/ServicesContext';
import { VIEW_CATALOG } from '../viewCatalog';
import { filterPalette } from './filterPalette';
import { paletteItems, type PaletteItem } from './paletteItems';
import './palette.css';

/** Entries PageUp/PageDown skip. */
const PAGE = 10;
/** Recently run entries shown first while the filter is empty. */
const RECENT = 5;

/** Puts recently run entries first (most recent first). */
function withRecentFirst(items: readonly PaletteItem[], recent: readonly string[]): PaletteItem[] {
  const byKey = new Map(items.map((i) => [i.key, i]));
  const first = recent.map((k) => byKey.get(k)).filter((i): i is PaletteItem => i !== undefined);
  return [...first, ...items.filter((i) => !recent.includes(i.key))];
}

/** The palette; mounted once by the shell, shown by the `palette.show` command. */
export function CommandPalette(): ReactNode {
  const { commands } = useServices();
  const views = useViewList();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const recent = useRef<string[]>([]);
  const isOpen = useRef(false);
  const id = useId();

  useEffect(
    () =>
      commands.register(Commands.showPalette, () => {
        if (!isOpen.current)
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        isOpen.current = true;
        setOpen(true);
        setQuery('');
        setActive(0);
        input.current?.focus(); // already open: just back to the filter
      }),
    [commands],
  );

  // Built when the palette opens, so handlers registered since then (a view opened) show as available.
  const items = useMemo(
    () =>
      open
        ? paletteItems({
            commands: commands.descriptions(),
            isHandled: (c) => commands.has(c),
            catalog: VIEW_CATALOG,
            views,
          })
        : [],
    [open, commands, views],
  );
  const shown = useMemo(
    () => (query.trim() === '' ? withRecentFirst(items, recent.current) : filterPalette(items, query)),
    [items, query],
  );
  const current = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (open) document.getElementById(`${id}-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, id, current]);

  if (!open) return null;

  const close = (): void => {
    isOpen.current = false;
    setOpen(false);
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  };
  const run = (item: PaletteItem | undefined): void => {
    if (!item) return;
    close();
    recent.current = [item.key, ...recent.current.filter((k) => k !== item.key)].slice(0, RECENT);
    void commands.execute(item.command, ...item.args);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    switch (e.key) {
      case 'Escape':
        close();
        break;
      case 'Enter':
        run(shown[current]);
        break;
      case 'Tab':
        break; // the palette is modal: the focus stays in it
      case 'Home':
      case 'End':
        return; // they move the caret in the filter box
      default: {
        const next = listMove(e.key, current, shown.length, { wrap: true, page: PAGE });
        if (next === undefined) return;
        setActive(next);
      }
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="palette-backdrop" onMouseDown={close} data-testid="palette">
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={input}
          className="palette-input"
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? `${id}-${current}` : undefined}
          aria-label="Command or view name"
          placeholder="Type a command or a view name"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            // Clicking elsewhere closes it; leaving the window does not.
            if (e.relatedTarget instanceof Node && !e.currentTarget.closest('.palette')?.contains(e.relatedTarget))
              close();
          }}
          data-testid="palette-input"
        />
        {/* Clicks on entries must not take the focus from the filter box. */}
        <ul
          className="palette-list"
          id={`${id}-list`}
          role="listbox"
          aria-label="Commands"
          onMouseDown={(e) => e.preventDefault()}
        >
          {shown.map((item, i) => (
            <li
              key={item.key}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === current}
              className={`palette-item${item.unavailable ? ' unavailable' : ''}`}
              title={
                item.unavailable ? 'Not available in this session: running it says why in the status bar' : item.detail
              }
              onMouseMove={() => i !== current && setActive(i)}
              onClick={() => run(item)}
              data-testid="palette-item"
            >
              <span className="palette-title">{item.title}</span>
              {item.detail && <span className="palette-detail">{item.detail}</span>}
              {item.shortcut && <kbd>{item.shortcut}</kbd>}
            </li>
          ))}
          {shown.length === 0 && <li className="palette-none">No command or view matches “{query}”.</li>}
        </ul>
        <div className="palette-hint">
          ↑↓ choose · Enter runs · Esc closes · F6 / Shift+F6 move between panels · Alt+W closes a panel
        </div>
      </div>
    </div>
  );
}
