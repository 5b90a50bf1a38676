/**
 * @file A lone tap of Alt (pressed and released with no other key or click in between), which focuses the menu
 * bar as in Windows applications and VS Code. Alt+W, Alt+click or Alt+Tab to another window do not count.
 */

/** Calls `onTap` on every lone Alt tap in `win`; returns the function that stops watching. */
export function watchAltTap(win: Window, onTap: () => void): () => void {
  let armed = false;
  const down = (e: KeyboardEvent): void => {
    if (e.key !== 'Alt') armed = false;
    else if (!e.repeat) armed = !e.ctrlKey && !e.shiftKey && !e.metaKey;
  };
  const up = (e: KeyboardEvent): void => {
    if (e.key !== 'Alt' || !armed) return;
    armed = false;
    e.preventDefault();
    onTap();
  };
  const disarm = (): void => {
    armed = false;
  };
  win.addEventListener('keydown', down, true);
  win.addEventListener('keyup', up, true);
  win.addEventListener('pointerdown', disarm, true);
  win.addEventListener('blur', disarm);
  return () => {
    win.removeEventListener('keydown', down, true);
    win.removeEventListener('keyup', up, true);
    win.removeEventListener('pointerdown', disarm, true);
    win.removeEventListener('blur', disarm);
  };
}
