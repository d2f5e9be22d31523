import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts (woff, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The folder beside the served one that keeps the source maps (dist → dist-sourcemaps). */
export const sourceMapsDirOf = (outDir: string) => `${path.resolve(outDir)}-sourcemaps`;

/**
 * Moves every source map out of the served folder into its sibling `<outDir>-sourcemaps`
 * (same relative paths), so error tools can use them and browsers never see them.
 */
export async function moveSourceMaps(outDir: string): Promise<string[]> {
  const mapsDir = sourceMapsDirOf(outDir);
  await fs.rm(mapsDir, { recursive: true, force: true });
  const moved: string[] = [];
  for (const file of await filesUnder(outDir)) {
    if (!file.endsWith('.map')) continue;
    const target = path.join(mapsDir, path.relative(outDir, file));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file, target);
    moved.push(target);
  }
  return moved;
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file: the server
 * sends them as they are (no compression work per request) to clients that accept them.
 */
export async function precompress(outDir: string): Promise<string[]> {
  const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files;
}

/** After `vite build` has written the bundle: source maps out of the served folder, then compression. */
export function buildOutput(): Plugin {
  return {
    name: 'admin-build-output',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      await moveSourceMaps(outDir);
      await precompress(outDir);
    },
  };
}
