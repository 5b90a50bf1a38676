/**
 * @file The bridge over Electron IPC: one `ipcMain.handle` per allowlisted request channel, events sent to the
 * window's web contents. Requests from frames other than our renderer are refused (a navigated or embedded page
 * must not reach the host).
 */
import { REQUEST_CHANNELS } from '../ipc/channels';
import type { BridgeConnection, BridgeHost } from '../ipc/host';
import type { ElectronMain, WebContentsLike } from './electronApi';
import { isRendererUrl } from './windowConfig';

/** Connects `contents` to `host`; returns the function that ends the connection (call it when the window closes). */
export function attachIpcBridge(
  electron: Pick<ElectronMain, 'ipcMain'>,
  host: BridgeHost,
  contents: WebContentsLike,
): () => void {
  const connection: BridgeConnection = host.connect((channel, payload) => {
    if (!contents.isDestroyed()) contents.send(channel, payload);
  });
  for (const channel of REQUEST_CHANNELS) {
    electron.ipcMain.handle(channel, async (event, payload) => {
      if (event.sender.id !== contents.id || !isRendererUrl(event.senderFrame?.url))
        throw new Error('IPC refused: unknown sender');
      return connection.request(channel, payload as never);
    });
  }
  return () => connection.close();
}
