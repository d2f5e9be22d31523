import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { moveSourceMaps, precompress, sourceMapsDirOf } from './build-output.ts';
import viteConfig from '../../apps/admin/vite.config.ts';

function fakeDist(): string {
  const dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'admin-build-')), 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), 'console.log(1);'.repeat(500));
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.map'), '{"version":3}');
  fs.writeFileSync(path.join(dist, 'assets/vendor-Ef56Gh78.css'), 'a{color:red}'.repeat(300));
  fs.writeFileSync(path.join(dist, 'assets/roboto-Xy12.woff2'), 'wOF2');
  return dist;
}

describe('the admin build output', () => {
  it('moves source maps beside the served folder and compresses every text file', async () => {
    const dist = fakeDist();
    await moveSourceMaps(dist);
    await precompress(dist);

    const maps = sourceMapsDirOf(dist);
    expect(maps).toBe(`${dist}-sourcemaps`);
    expect(fs.existsSync(path.join(dist, 'assets/index-Ab12Cd34.js.map'))).toBe(false);
    expect(fs.readFileSync(path.join(maps, 'assets/index-Ab12Cd34.js.map'), 'utf8')).toBe(
      '{"version":3}',
    );
    for (const name of ['index.html', 'assets/index-Ab12Cd34.js', 'assets/vendor-Ef56Gh78.css']) {
      const file = path.join(dist, name);
      const body = fs.readFileSync(file, 'utf8');
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString(), name).toBe(body);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString(), name).toBe(body);
    }
    expect(fs.existsSync(path.join(dist, 'assets/roboto-Xy12.woff2.br'))).toBe(false);
    expect(
      fs.readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.map')),
    ).toEqual([]);
  });

  it('is part of `vite build`, with source maps built but not referenced from the scripts', () => {
    const config = viteConfig as UserConfig;
    expect(config.build?.sourcemap).toBe('hidden');
    expect(
      config.plugins?.flat().some((p) => p && 'name' in p && p.name === 'admin-build-output'),
    ).toBe(true);
  });
});
