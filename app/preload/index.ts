/**
 * @file The preload script (sandboxed: only `require('electron')` is available). Exposes exactly one object,
 * `window.pitchside`, the typed bridge. Bundled to out/preload/index.cjs (sandboxed preloads must be CommonJS).
 */
import { BRIDGE_GLOBAL } from '../ipc/bridge';
import { createPreloadBridge } from './createBridge';
import type { ContextBridgeLike, IpcRendererLike } from './electronApi';

declare const require: (id: 'electron') => { contextBridge: ContextBridgeLike; ipcRenderer: IpcRendererLike };

const { contextBridge, ipcRenderer } = require('electron');
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createPreloadBridge(ipcRenderer));
