import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForBudget, type BudgetBuild } from '../../tools/build/budget-build.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Issue 19: a storefront page's first visit fetches at most 150 kB of script on the wire. */
const SCRIPT_BUDGET = 150_000;

let outDir = '';
let chunks: Rolldown.OutputChunk[] = [];
let built: BudgetBuild | undefined;

beforeAll(async () => {
  built = await buildForBudget(root, 'storefront');
  ({ outDir, chunks } = built);
}, 300_000);

afterAll(() => built?.remove());

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
