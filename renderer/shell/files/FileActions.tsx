/**
 * @file File → Open log and Open scene: the file comes from the host's native dialog where it has one (Electron)
 * and from the host file dialog otherwise (browser mode). A log is replayed with the console's `sl` and shown
 * in the Log Player; a scene replaces the running one once the host has loaded it, and the page then starts
 * over on it (its saved layout, its start script's views). What fails is said in the status bar and changes
 * nothing: the old scene keeps running.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FilePurpose } from '@app/ipc/files';
import { Commands } from '../../services/CommandBus';
import { errorText } from '../../services/hostErrors';
import { useServices } from '../../services/ServicesContext';
import { HostFileDialog } from './HostFileDialog';
import { rememberRecent } from './recentFiles';

/** Registers the File menu's open commands and shows the host file dialog when one of them needs it. */
export function FileActions({ onSceneOpened }: { onSceneOpened: () => void }): ReactNode {
  const { bridge, commands, session } = useServices();
  const [asking, setAsking] = useState<FilePurpose | undefined>(undefined);
  const answer = useRef<((path: string | undefined) => void) | undefined>(undefined);

  useEffect(() => {
    const say = (text: string): void => void commands.execute(Commands.showMessage, text);
    const choose = async (purpose: FilePurpose, given: unknown): Promise<string | undefined> => {
      if (typeof given === 'string' && given !== '') return given; // Recent files, the palette with an argument
      if (session.nativeFileDialog) return (await bridge.invoke('pitchside:files.choose', { purpose })).path;
      return new Promise((resolve) => {
        answer.current = resolve;
        setAsking(purpose);
      });
    };
    const openLog = async (given?: unknown): Promise<void> => {
      try {
        const file = await choose('log', given);
        if (file === undefined) return;
        const { robot } = await bridge.invoke('pitchside:log.open', { file });
        rememberRecent('log', file);
        await commands.execute(Commands.openView, 'logplayer', undefined, { focus: true });
        say(`Replaying ${file} as ${robot}`);
      } catch (e) {
        say(errorText(e));
      }
    };
    const openScene = async (given?: unknown): Promise<void> => {
      try {
        const file = await choose('scene', given);
        if (file === undefined) return;
        say(`Loading scene ${file}…`);
        await bridge.invoke('pitchside:scene.open', { file });
        rememberRecent('scene', file);
        onSceneOpened();
      } catch (e) {
        say(errorText(e));
      }
    };
    const undo = [commands.register(Commands.openLog, openLog), commands.register(Commands.openScene, openScene)];
    return () => undo.forEach((u) => u());
  }, [bridge, commands, session.nativeFileDialog, onSceneOpened]);

  if (!asking) return null;
  return (
    <HostFileDialog
      purpose={asking}
      onClose={(path) => {
        setAsking(undefined);
        answer.current?.(path);
        answer.current = undefined;
      }}
    />
  );
}
