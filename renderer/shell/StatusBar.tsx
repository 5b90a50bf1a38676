/**
 * @file The status bar: mode and scene, the simulation's state and pace (when the session simulates a scene), the
 * link state in browser mode, and short messages (for example a shortcut whose command is not available yet).
 */
import type { ReactNode } from 'react';
import { useServices } from '../services/ServicesContext';
import { SimulationStatus } from './SimulationStatus';

/** The status bar. */
export function StatusBar({ message, link }: { message: string | undefined; link: string | undefined }): ReactNode {
  const { session } = useServices();
  return (
    <footer className="status-bar" role="status">
      <span>
        {session.mode === 'electron' ? 'Desktop' : 'Browser mode'} · scene {session.scene}
      </span>
      {session.simulation && <SimulationStatus />}
      {link && link !== 'open' && (
        <span className="link-state">
          {link === 'closed' ? 'Disconnected from host: restart npm start and open the new URL' : 'Connecting…'}
        </span>
      )}
      <span className="status-message">{message}</span>
    </footer>
  );
}
