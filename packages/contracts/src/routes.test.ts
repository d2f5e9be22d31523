import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Permission, isPlatformPermission } from './access.ts';
import { AREA_NAMES, areasIn } from './areas.ts';
import { isTenantPath, pathParamNames } from './http.ts';
import { ALL_ROUTES, ROUTE_GROUPS } from './routes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
// Contract files that are not areas: the shared vocabulary (branch-basics: what orders read of a
// branch's settings; phone: the one phone rule), parts of an area kept apart so that a screen
// does not load what it does not use (ticket-intake: the tickets area's public order intake;
// push: the tickets area's Web Push to staff devices; printers: the tickets area's printers; stock: the catalog area's sold out per branch; outlet-signup: identity's sign-up, so the sign-in landing does not load the phone rule) and
// the route machinery.
const INFRA = new Set([
  'common',
  'branch-basics',
  'phone',
  'ticket-intake',
  'push',
  'printers',
  'stock',
  'outlet-signup',
  'money',
  'contrast',
  'access',
  'areas',
  'error-codes',
  'http',
  'routes',
  'client',
  'index',
]);
/** An area's contract is a file, or a folder of files (outlet-settings); rules/ is no area. */
const contractAreas = () =>
  fs
    .readdirSync(path.join(root, 'packages/contracts/src'), { withFileTypes: true })
    .filter((f) =>
      f.isDirectory() ? f.name !== 'rules' : f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'),
    )
    .map((f) => f.name.replace(/\.ts$/, ''))
    .filter((f) => !INFRA.has(f))
    .sort();

describe('one name per area', () => {
  it('names the same areas in contracts, server modules and admin features', () => {
    expect(contractAreas()).toEqual([...areasIn('contracts')].sort());
    expect(folders('apps/server/src/modules')).toEqual([...areasIn('server')].sort());
    expect(folders('apps/admin/src/features')).toEqual([...areasIn('admin')].sort());
  });

  it('tags every route with an area of the list, the one of its group', () => {
    for (const [group, routes] of Object.entries(ROUTE_GROUPS)) {
      expect(AREA_NAMES).toContain(group);
      for (const route of Object.values(routes)) expect(route.area).toBe(group);
    }
  });
});

describe('every route defined once', () => {
  it('has no two routes with the same method and path', () => {
    const keys = ALL_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("validates exactly the path's parameters", () => {
    for (const route of ALL_ROUTES) {
      const declared = Object.keys(route.params?.shape ?? {}).sort();
      expect(declared, `${route.method} ${route.path}`).toEqual(pathParamNames(route.path).sort());
    }
  });

  it('guards admin routes with a right, and leaves only /api/public and probes public', () => {
    for (const route of ALL_ROUTES) {
      const where = `${route.method} ${route.path}`;
      if ('public' in route.access) {
        expect(route.path, where).toMatch(/^\/(api\/public\/|healthz$|readyz$)/);
      } else {
        expect(route.path, where).toMatch(/^\/api\/admin\//);
      }
      if ('permission' in route.access && isPlatformPermission(route.access.permission)) {
        expect(isTenantPath(route.path), where).toBe(false);
      }
    }
  });

  it('uses every right of the table somewhere, in a route or an admin page', () => {
    const used = new Set(
      ALL_ROUTES.flatMap((r) => ('permission' in r.access ? [r.access.permission] : [])),
    );
    const pages = fs.readFileSync(path.join(root, 'apps/admin/src/lib/pages.ts'), 'utf8');
    for (const permission of Permission.options) {
      const onPage = pages.includes(`permission: '${permission}'`);
      expect(used.has(permission) || onPage, permission).toBe(true);
    }
  });
});
