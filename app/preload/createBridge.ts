/**
 * @file The object the preload exposes: the bridge interface over `ipcRenderer`, restricted to the allowlisted
 * channels. `ipcRenderer` itself never reaches the page, and listeners get only the payload (never the IPC event,
 * which would hand the page the sender object).
 */
import { isEventChannel, isRequestChannel } from '../ipc/channels';
import type { PitchsideBridge } from '../ipc/bridge';
import type { IpcRendererLike } from './electronApi';

/** Builds the bridge over `ipc`. */
export function createPreloadBridge(ipc: IpcRendererLike): PitchsideBridge {
  return Object.freeze({
    invoke: (channel, request) => {
      if (!isRequestChannel(channel)) return Promise.reject(new Error(`channel not allowed: ${String(channel)}`));
      return ipc.invoke(channel, request) as Promise<never>;
    },
    on: (channel, listener) => {
      if (!isEventChannel(channel)) throw new Error(`channel not allowed: ${String(channel)}`);
      const wrapped = (_event: unknown, payload: unknown): void => listener(payload as never);
      ipc.on(channel, wrapped);
      return () => {
        ipc.removeListener(channel, wrapped);
      };
    },
  } satisfies PitchsideBridge);
}
