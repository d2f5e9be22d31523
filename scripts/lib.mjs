// Small helpers shared by the start and test scripts (plain Node, no dependencies).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(marker) ||
    (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (stale) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Not part of any build: the server's benchmarks and its simulated day run from source.
    if (['node_modules', 'dist', 'bench', 'day'].includes(entry.name)) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the SPAs (admin, storefront) and the server bundle when any source is newer than the last build. */
export function ensureBuilt({ force = false } = {}) {
  const stamp = path.join(root, 'apps', 'server', 'dist', '.built');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', 'admin')),
    newestMtime(path.join(root, 'apps', 'storefront')),
    newestMtime(path.join(root, 'apps', 'server')),
    newestMtime(path.join(root, 'packages', 'contracts')),
  );
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (
    !force &&
    built >= sources &&
    fs.existsSync(path.join(root, 'apps', 'admin', 'dist', 'index.html')) &&
    fs.existsSync(path.join(root, 'apps', 'storefront', 'dist', 'index.html'))
  )
    return;
  console.log('Building the admin app, the storefront and the server…');
  run('npm', ['run', 'build', '-w', 'apps/admin']);
  run('npm', ['run', 'build', '-w', 'apps/storefront']);
  run('npm', ['run', 'build', '-w', 'apps/server']);
  fs.writeFileSync(stamp, new Date().toISOString());
}

/**
 * The environment of `npm start`: the demo, switched on here explicitly (a server run alone has
 * none of it): the demo data, the providers' emulators and the mail outbox, each unless the
 * caller set it or configured the real service, and readable log lines. `SEED_DEMO=false npm start` serves the build
 * as production does (NODE_ENV=production, no emulator). The built SPAs either way.
 */
export function serverEnv(env, base = process.env) {
  const demo = base.SEED_DEMO !== 'false';
  const unless = (name, real) =>
    base[name] === undefined && !(real && base[real]) ? { [name]: 'true' } : {};
  const switches = demo
    ? {
        SEED_DEMO: 'true',
        ...unless('PAYMENT_GATEWAY_EMULATOR', 'PAYMENT_GATEWAY_URL'),
        ...unless('DISPATCH_EMULATOR'),
        ...unless('HUBRISE_EMULATOR', 'HUBRISE_API_URL'),
        ...unless('PRINTER_EMULATOR'),
        ...unless('MAIL_CAPTURE', 'SMTP_HOST'),
        ...(base.LOG_FORMAT === undefined ? { LOG_FORMAT: 'pretty' } : {}),
      }
    : { NODE_ENV: base.NODE_ENV ?? 'production' };
  return {
    ...base,
    ...switches,
    ADMIN_DIST: path.join(root, 'apps', 'admin', 'dist'),
    STOREFRONT_DIST: path.join(root, 'apps', 'storefront', 'dist'),
    ...env,
  };
}

export function spawnServer(env) {
  return spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps', 'server', 'dist', 'main.js')],
    { cwd: root, stdio: 'inherit', env: serverEnv(env) },
  );
}
