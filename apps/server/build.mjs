// Bundles the server (and the contracts it imports) into dist/, next to its SQL migrations.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
// SERVER_OUT_DIR (inside apps/server, so packages resolve) lets side-by-side copies build apart.
const out = process.env.SERVER_OUT_DIR
  ? path.resolve(process.env.SERVER_OUT_DIR)
  : path.join(here, 'dist');
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/'));

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'drizzle-orm', 'drizzle-orm/*'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), {
  recursive: true,
});
console.log(`server built to ${path.relative(process.cwd(), out) || '.'}`);
