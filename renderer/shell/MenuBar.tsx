/**
 * @file The menu bar: File, View, Simulation. Every item runs a command on the bus and shows its shortcut.
 * Menus open on click and close on a choice, Escape or a click elsewhere.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Commands } from '../services/CommandBus';
import { useServices } from '../services/ServicesContext';
import { shortcutLabel } from './keybindings';
import { VIEW_CATALOG } from './viewCatalog';

interface MenuItem {
  readonly label: string;
  readonly command: string;
  readonly args?: readonly unknown[];
}

const MENUS: readonly { readonly title: string; readonly items: readonly MenuItem[] }[] = [
  { title: 'File', items: [{ label: 'Open .con script…', command: Commands.open }] },
  {
    title: 'View',
    items: [...VIEW_CATALOG.map((v) => ({ label: v.title, command: Commands.openView, args: [v.id] })), { label: 'Reset layout', command: Commands.resetLayout }],
  },
  {
    title: 'Simulation',
    items: [
      { label: 'Run / Pause', command: Commands.runPause },
      { label: 'Step', command: Commands.step },
      { label: 'Reset', command: Commands.reset },
    ],
  },
];

/** The menu bar. */
export function MenuBar(): ReactNode {
  const { commands } = useServices();
  const [open, setOpen] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    const close = (): void => setOpen(undefined);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('click', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav className="menu-bar" aria-label="Main menu">
      <span className="app-name">Pitchside</span>
      {MENUS.map((menu) => (
        <div key={menu.title} className="menu">
          <button
            type="button"
            className="menu-title"
            aria-haspopup="menu"
            aria-expanded={open === menu.title}
            onClick={(e) => {
              e.stopPropagation();
              setOpen(open === menu.title ? undefined : menu.title);
            }}
          >
            {menu.title}
          </button>
          {open === menu.title && (
            <div className="menu-items" role="menu">
              {menu.items.map((item) => (
                <button
                  type="button"
                  role="menuitem"
                  key={item.label}
                  onClick={() => {
                    setOpen(undefined);
                    void commands.execute(item.command, ...(item.args ?? []));
                  }}
                >
                  <span>{item.label}</span>
                  <span className="shortcut">{item.args ? '' : (shortcutLabel(item.command) ?? '')}</span>
                </button>
              ))}
            </div>
          )}
        </div>
      ))}
    </nav>
  );
}
