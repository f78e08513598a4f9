import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

/**
 * The API base URL is configured by default (same origin). src/lib/config.ts refuses to start
 * when it is missing or empty, so a build with VITE_API_BASE_URL='' fails loudly in the browser.
 */
process.env.VITE_API_BASE_URL ??= '/';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

/** Later issues add vite-plugin-pwa (injectManifest, sw/sw.ts) here. */
const plugins: PluginOption[] = [react(), tailwindcss()];

export default defineConfig({
  plugins,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/v1': apiTarget,
      '/health': apiTarget,
      '/api': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/v1': apiTarget,
      '/health': apiTarget,
      '/api': apiTarget,
    },
  },
});
