import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from '../../tools/build/build-output.ts';

// The server serves the built storefront under /store (STOREFRONT_URL's default).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/store/',
  plugins: [react(), buildOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built for error tools, kept out of dist (see admin/build-output.ts): no public source maps.
    sourcemap: 'hidden',
  },
  server: { port: 5174, proxy: { '/api': { target: apiTarget }, '/uploads': apiTarget } },
});
