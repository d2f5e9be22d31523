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

// Libraries change less often than the app: separate chunks stay cached across releases.
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](@mui|@emotion|stylis|notistack)/.test(id)) return 'vendor-ui';
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) {
    return 'vendor-react';
  }
  return 'vendor';
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), buildOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built for error tools, kept out of dist (see build-output.ts): no public source maps.
    sourcemap: 'hidden',
    rollupOptions: {
      output: { manualChunks: vendorChunk },
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
