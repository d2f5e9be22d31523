import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from '../../tools/build/build-output.ts';

// The server listens on 8080 in development; it also serves the built SPA in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const proxy = {
  '/api': { target: apiTarget, ws: true },
  '/oidc': { target: apiTarget },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
};

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry: boolean } | null;
}

const CONTRACTS_INDEX = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

/**
 * The entry and the lazily loaded modules (pages, translation files) that import `id` statically.
 * Not through the contracts' index: everything imports it, for a few names each (it has no side
 * effects), so a library behind one of its files (libphonenumber) is not every page's.
 */
function rootsOf(id: string, graph: ModuleGraph): Set<string> {
  const roots = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (!info || CONTRACTS_INDEX.test(next)) continue;
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(next);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return roots;
}

const ADMIN_FRAME = /[\\/]src[\\/]app[\\/]admin-frame\.tsx$/;
/**
 * The contracts files the shell and live orders read (the barrel hides who uses what): in the
 * admin chunk rather than two small requests. The landing test fails if the landing needs one.
 */
const FRAME_CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/](money|platform)\.ts$/;
const LIVE_ORDERS = /[\\/]src[\\/]features[\\/]tickets[\\/]routes[\\/]live-orders-page\.tsx$/;

/**
 * One chunk for the admin shell and for what live orders shares with other pages, instead of
 * dozens of small ones (each request costs its headers and a place in the queue): every admin
 * page loads the shell anyway. What only one page uses stays in that page's chunk.
 */
function adminChunk(id: string, graph: ModuleGraph): string | null {
  if (FRAME_CONTRACTS.test(id)) return 'admin';
  const isEntry = (root: string) => graph.getModuleInfo(root)?.isEntry === true;
  let roots = [...rootsOf(id, graph)];
  if (roots.some(isEntry)) {
    // Initial app code stays with the entry. A library reached from the entry here is one that
    // only a re-exporting index imports there: the $initial vendor group took those really used.
    if (!/[\\/]node_modules[\\/]/.test(id)) return null;
    roots = roots.filter((root) => !isEntry(root));
  }
  const reachedFrom = (pattern: RegExp) => roots.some((root) => pattern.test(root));
  if (reachedFrom(ADMIN_FRAME) || (reachedFrom(LIVE_ORDERS) && roots.length > 1)) return 'admin';
  return null;
}

// Libraries change less often than the app: separate chunks stay cached across releases. Only
// the libraries every page needs at start ($initial) are grouped; the rest (cropper, drag and
// drop, spreadsheets, charts) stay in the lazy chunks of the pages that use them.
const chunkGroups = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
    priority: 3,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const], priority: 2 },
  {
    name: adminChunk,
    debugName: 'admin',
    priority: 1,
    // Its dependencies that the sign-in pages use too stay with them, not in this chunk.
    includeDependenciesRecursively: false,
  },
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
