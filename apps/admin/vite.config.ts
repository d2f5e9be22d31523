import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './build-output.ts';

// The server listens on 8080 in development; it also serves the built SPA in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const proxy = {
  '/api': { target: apiTarget, ws: true },
  '/oidc': { target: apiTarget },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
};

// Libraries change less often than the app: separate chunks stay cached across releases. Only
// the libraries every page needs at start ($initial) are grouped; the rest (cropper, drag and
// drop, spreadsheets, charts) stay in the lazy chunks of the pages that use them.
const chunkGroups = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
    priority: 2,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const], priority: 1 },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), buildOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts stay files: inlined into the render-blocking CSS, every visitor would download the
    // subsets (Cyrillic, Greek, ...) that the browser otherwise fetches only for text using them.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    // Built for error tools, kept out of dist (see build-output.ts): no public source maps.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
      onwarn(warning, warn) {
        // Libraries' "use client" directives and comments Rollup cannot place are harmless.
        const harmless = ['MODULE_LEVEL_DIRECTIVE', 'INVALID_ANNOTATION', 'SOURCEMAP_ERROR'];
        if (harmless.includes(warning.code ?? '') && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
