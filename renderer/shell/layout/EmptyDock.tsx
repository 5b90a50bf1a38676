/**
 * @file What the dock shows when every panel is closed: how to open a view again (dockview's watermark).
 */
import type { ReactNode } from 'react';
import { Commands } from '../../services/CommandBus';
import { shortcutLabel } from '../keybindings';

/** The empty dock's text. */
export function EmptyDock(): ReactNode {
  return (
    <div className="view-message empty-dock" role="status" data-testid="empty-dock">
      No view is open. Open one with the command palette ({shortcutLabel(Commands.showPalette)}, then type its name),
      the View menu ({shortcutLabel(Commands.focusMenuBar)} or Alt) or the Views list on the left.
    </div>
  );
}
