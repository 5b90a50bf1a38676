/**
 * @file The menu bar: File (with the files opened last), View, Simulation. Every item runs a command on the bus and shows its shortcut.
 * Mouse: a click opens a menu, hovering moves to another open menu, a click elsewhere closes. Keyboard: F10 or a
 * lone Alt focuses the bar (again: back to where the focus was); Left/Right move between menus, Down, Enter or
 * Space open one, Up/Down/Home/End move in it, Enter picks, Escape closes. After a pick the focus returns to
 * where it was before the menu bar took it, unless the command moves it (a view opened from the View menu).
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { moveFocusAmong } from '../components/keyboard/focusables';
import { listMove } from '../components/keyboard/listKeys';
import { Commands } from '../services/CommandBus';
import { useServices } from '../services/ServicesContext';
import { shortcutLabel } from './keybindings';
import { watchAltTap } from './menu/altTap';
import { recentFiles } from './files/recentFiles';
import { menus, type MenuItem } from './menu/menus';

/** The menu bar. */
export function MenuBar(): ReactNode {
  const { commands } = useServices();
  const [open, setOpen] = useState<number | undefined>(undefined);
  /** The title that is the bar's one Tab stop (roving tabindex). */
  const [current, setCurrent] = useState(0);
  const nav = useRef<HTMLElement>(null);
  const titles = useRef<(HTMLButtonElement | null)[]>([]);
  const menu = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  /** Which item takes the focus once the menu being opened by keyboard has rendered. */
  const focusOnOpen = useRef<'first' | 'last' | undefined>(undefined);
  // Read on every render: File → Recent shows what was opened since the menu was last drawn.
  const MENUS = menus({ scene: recentFiles('scene'), log: recentFiles('log') });

  const leave = useCallback((): void => {
    setOpen(undefined);
    const back = returnFocus.current;
    if (back?.isConnected) back.focus();
    else void commands.execute(Commands.focusNextPanel); // from outside the dock this enters the active panel
  }, [commands]);

  const toggleFocus = useCallback((): void => {
    if (nav.current?.contains(document.activeElement)) leave();
    else titles.current[current]?.focus();
  }, [current, leave]);

  useEffect(() => commands.register(Commands.focusMenuBar, toggleFocus), [commands, toggleFocus]);
  useEffect(() => watchAltTap(window, toggleFocus), [toggleFocus]);

  useEffect(() => {
    if (open === undefined) return;
    if (focusOnOpen.current) {
      const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
      (focusOnOpen.current === 'first' ? items[0] : items[items.length - 1])?.focus();
      focusOnOpen.current = undefined;
    }
    const close = (): void => setOpen(undefined);
    window.addEventListener('click', close);
    return () => window.removeEventListener('click', close);
  }, [open]);

  const openMenu = (index: number, focus: 'first' | 'last' | undefined): void => {
    focusOnOpen.current = focus;
    setCurrent(index);
    setOpen(index);
    if (!focus) titles.current[index]?.focus();
  };

  const pick = (item: MenuItem): void => {
    setOpen(undefined);
    const back = returnFocus.current;
    if (back?.isConnected) back.focus();
    void commands.execute(item.command, ...(item.args ?? []));
  };

  const onTitleKey = (e: KeyboardEvent, index: number): void => {
    const next = listMove(e.key, index, MENUS.length, { orientation: 'horizontal', wrap: true });
    if (next !== undefined) {
      if (open !== undefined) openMenu(next, 'first');
      else {
        setCurrent(next);
        titles.current[next]?.focus();
      }
    } else if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') openMenu(index, 'first');
    else if (e.key === 'ArrowUp') openMenu(index, 'last');
    else if (e.key === 'Escape') {
      if (open !== undefined) setOpen(undefined);
      else leave();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>, index: number): void => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      openMenu((index + (e.key === 'ArrowRight' ? 1 : -1) + MENUS.length) % MENUS.length, 'first');
    } else if (e.key === 'Escape') {
      setOpen(undefined);
      titles.current[index]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(undefined);
      return; // the focus moves on as usual
    } else {
      moveFocusAmong(e, [...e.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')], { wrap: true });
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const onFocus = (e: FocusEvent): void => {
    // Remember where the focus came from (the command line, a panel) to give it back after a pick or Escape.
    if (!nav.current?.contains(e.relatedTarget as Node | null))
      returnFocus.current = e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null;
  };
  const onBlur = (e: FocusEvent): void => {
    if (!nav.current?.contains(e.relatedTarget as Node | null)) setOpen(undefined);
  };

  return (
    <nav className="menu-bar" aria-label="Main menu (F10 or Alt)" ref={nav} onFocus={onFocus} onBlur={onBlur}>
      <span className="app-name">Pitchside</span>
      {MENUS.map((m, index) => (
        <div key={m.title} className="menu">
          <button
            type="button"
            className="menu-title"
            ref={(el) => {
              titles.current[index] = el;
            }}
            tabIndex={index === current ? 0 : -1}
            aria-haspopup="menu"
            aria-expanded={open === index}
            onClick={(e) => {
              e.stopPropagation();
              if (open === index) setOpen(undefined);
              else openMenu(index, undefined);
            }}
            onMouseEnter={() => open !== undefined && open !== index && openMenu(index, undefined)}
            onKeyDown={(e) => onTitleKey(e, index)}
          >
            {m.title}
          </button>
          {open === index && (
            <div
              className="menu-items"
              role="menu"
              aria-label={m.title}
              ref={menu}
              onKeyDown={(e) => onMenuKey(e, index)}
            >
              {m.items.map((item) => (
                <button
                  type="button"
                  role="menuitem"
                  key={item.label}
                  tabIndex={-1}
                  className={item.separatorBefore ? 'separator-before' : undefined}
                  onClick={() => pick(item)}
                >
                  <span>{item.label}</span>
                  <span className="shortcut">{shortcutLabel(item.command) ?? ''}</span>
                </button>
              ))}
            </div>
          )}
        </div>
      ))}
    </nav>
  );
}
