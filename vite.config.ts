// Builds the renderer (renderer/ → dist/renderer/). Relative base so the same build loads from the browser
// mode's server and from Electron's pitchside-app:// scheme.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { viteAliases } from './pathAliases.mjs';

// monaco-editor's export map appends `.js` to every subpath, so its icon font CSS needs an explicit path.
const codiconCss = fileURLToPath(
  new URL('./node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css', import.meta.url),
);

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  resolve: { alias: [{ find: 'monaco-codicon.css', replacement: codiconCss }, ...viteAliases] },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // The CSP forbids inline scripts; the preload polyfill would be one.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 6000,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
});
