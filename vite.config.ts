// Builds the renderer (renderer/ → dist/renderer/). Relative base so the same build loads from the browser
// mode's server and from Electron's pitchside-app:// scheme.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
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
