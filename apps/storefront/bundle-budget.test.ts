import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceMapsDirOf } from '../admin/build-output.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Issue 19: a storefront page's first visit fetches at most 150 kB of script on the wire. */
const SCRIPT_BUDGET = 150_000;

let outDir = '';
let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-budget-')), 'dist');
  // Vitest runs with NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = await build({
    root,
    mode: 'production',
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = Array.isArray(output) ? output : [output];
  chunks = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
}, 300_000);

afterAll(() => {
  fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
  fs.rmSync(sourceMapsDirOf(outDir), { recursive: true, force: true });
});

describe('the storefront’s own bundle', () => {
  it(`is at most ${SCRIPT_BUDGET / 1000} kB of script (brotli) and none of the admin`, () => {
    const sizes = chunks.map(
      (c) => [c.fileName, fs.statSync(path.join(outDir, `${c.fileName}.br`)).size] as const,
    );
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    expect(total, sizes.map(([f, s]) => `${f} ${s}`).join(', ')).toBeLessThanOrEqual(SCRIPT_BUDGET);
    const modules = chunks.flatMap((c) => c.moduleIds);
    expect(modules.filter((id) => /apps[\\/]admin[\\/]src|node_modules[\\/]@mui/.test(id))).toEqual(
      [],
    );
    // Served under /store, where STOREFRONT_URL points by default.
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/src="\/store\/assets\/index-[\w-]+\.js"/);
  });
});
