import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForBudget, type BudgetBuild } from '../../tools/build/budget-build.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Issue 11: the first visit to the sign-in landing fetches at most 250 kB of script (brotli). */
const LANDING_BUDGET = 250_000;
/** Issue 11: from that first visit through signing in to live orders, at most 350 kB in all. */
const LIVE_ORDERS_BUDGET = 350_000;

let outDir = '';
let chunks: Rolldown.OutputChunk[] = [];
let built: BudgetBuild | undefined;

beforeAll(async () => {
  built = await buildForBudget(root, 'admin');
  ({ outDir, chunks } = built);
}, 300_000);

afterAll(() => built?.remove());

/** The chunks a chunk needs before it runs: itself and its static imports, all the way down. */
function closure(start: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  visit(start);
  return [...found.values()];
}

const brotliSize = (chunk: Rolldown.OutputChunk) =>
  fs.statSync(path.join(outDir, `${chunk.fileName}.br`)).size;

const hasModule = (chunk: Rolldown.OutputChunk, pattern: RegExp) =>
  chunk.moduleIds.some((id) => pattern.test(id));

/** The chunk that holds the module matching `pattern` (what its dynamic import loads first). */
function chunkOf(pattern: RegExp): Rolldown.OutputChunk {
  const found = chunks.find((chunk) => hasModule(chunk, pattern));
  if (!found) throw new Error(`no chunk holds ${String(pattern)}`);
  return found;
}

const sizes = (files: readonly Rolldown.OutputChunk[]) =>
  files.map((chunk) => [chunk.fileName, brotliSize(chunk)] as const);
const sum = (files: readonly (readonly [string, number])[]) =>
  files.reduce((total, [, size]) => total + size, 0);
const list = (files: readonly (readonly [string, number])[]) =>
  files.map(([file, size]) => `${file} ${size}`).join(', ');

// A size check over the built files, no browser and no clock: the bench measures the same
// landing on the wire (plus about 1 kB of response headers per file over HTTP/1.1).
describe('the sign-in landing, first visit', () => {
  const landing = () => {
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('the build has no entry chunk');
    return closure(entry);
  };

  it(`fetches at most ${LANDING_BUDGET / 1000} kB of script (brotli), index.html's scripts`, () => {
    const files = landing().map((chunk) => [chunk.fileName, brotliSize(chunk)] as const);
    const total = files.reduce((sum, [, size]) => sum + size, 0);
    expect(
      total,
      `landing scripts: ${files.map(([f, s]) => `${f} ${s}`).join(', ')}`,
    ).toBeLessThanOrEqual(LANDING_BUDGET);
    // The same scripts index.html names (entry and modulepreload), none other.
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    for (const [file] of files) expect(html).toContain(`/${file}`);
  });

  it('carries no admin page, no heavy library and no OIDC library', () => {
    const heavy = /node_modules[\\/](@dnd-kit|react-easy-crop|react-hook-form|oidc-client-ts)[\\/]/;
    const page =
      /[\\/]src[\\/](features[\\/][^\\/]+[\\/]routes[\\/](?!index\.tsx)|app[\\/]admin-frame)/;
    const landingModules = landing().flatMap((chunk) => chunk.moduleIds);
    expect(landingModules.filter((id) => heavy.test(id))).toEqual([]);
    expect(
      landingModules.filter((id) => page.test(id) && !/features[\\/]identity[\\/]/.test(id)),
    ).toEqual([]);
    // They are built, only elsewhere: in the chunks of the pages that use them.
    expect(chunks.some((chunk) => hasModule(chunk, /node_modules[\\/]@dnd-kit[\\/]core/))).toBe(
      true,
    );
  });
});

describe('live orders after signing in', () => {
  /**
   * What the landing loaded, then the OIDC library (the Login button, the callback), the admin
   * shell, the live orders page and the translation files their routes wait for (English).
   */
  const journey = () => {
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('the build has no entry chunk');
    const loaded = [
      entry,
      chunkOf(/node_modules[\\/]oidc-client-ts[\\/]/),
      chunkOf(/[\\/]src[\\/]app[\\/]admin-frame\.tsx$/),
      chunkOf(/[\\/]features[\\/]tickets[\\/]routes[\\/]live-orders-page\.tsx$/),
      ...['tickets', 'outlet'].map((ns) =>
        chunkOf(new RegExp(`locales[\\\\/]en[\\\\/]${ns}\\.json$`)),
      ),
    ];
    return [...new Map(loaded.flatMap(closure).map((chunk) => [chunk.fileName, chunk])).values()];
  };

  it(`fetches at most ${LIVE_ORDERS_BUDGET / 1000} kB of script (brotli) from the landing on`, () => {
    const files = sizes(journey());
    expect(sum(files), `scripts up to live orders: ${list(files)}`).toBeLessThanOrEqual(
      LIVE_ORDERS_BUDGET,
    );
  });

  it('leaves the ticket details sheet, its dialogs and phone validation for later', () => {
    const later =
      /[\\/](ticket-details[\\/]ticket-details-sheet\.tsx|node_modules[\\/]libphonenumber-js[\\/])/;
    const modules = journey().flatMap((chunk) => chunk.moduleIds);
    expect(modules.filter((id) => later.test(id))).toEqual([]);
    expect(chunks.some((chunk) => hasModule(chunk, /ticket-details-sheet\.tsx$/))).toBe(true);
  });
});
