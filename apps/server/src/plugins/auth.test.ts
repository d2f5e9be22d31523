import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoData } from '../db/seed.ts';
import { memberships, tenants, users } from '../db/schema.ts';
import { createIdentity, identityStore } from '../modules/identity/identity.ts';
import { collectTenantSecrets, MATRIX_CASES, runAccessMatrix } from '../test/access-matrix.ts';
import { bearer, forgeToken } from '../test/auth.ts';
import { oidcKeysAtRest } from '../modules/identity/oidc-keys.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import { authPlugin } from './auth.ts';
import { errorsPlugin } from './errors.ts';
import { demoTenantIds } from '../test/demo-tenants.ts';

// The guard on a bare app with probe routes of every policy kind, with tokens signed by the
// app's own key ('valid' forgeries), so tenant routes are exercised before modules add them.
type Database = Awaited<ReturnType<typeof createTestDatabase>>;
type Probe = Awaited<ReturnType<typeof probeApp>>;
let database: Database;
const config = testConfig();
const target = () => ({ config, database });
let alBayt: string;
let casaVerde: string;
let app: Probe;

async function probeApp(register: (app: ReturnType<typeof bare>) => void) {
  const instance = bare();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  await instance.register(errorsPlugin);
  const identity = await createIdentity({
    config,
    keysAtRest: oidcKeysAtRest(config),
    ...identityStore(database.db),
    log: instance.log,
  });
  await instance.register(authPlugin, {
    verifier: identity.verifier,
    accounts: identity.accounts,
  });
  await instance.register(async (scope) => register(scope as ReturnType<typeof bare>));
  await instance.ready();
  return instance;
}
const bare = () => Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

const T = '/api/admin/tenants/:tenantId/probe';
function probeRoutes(scope: ReturnType<typeof bare>) {
  const echo = async (req: { auth: unknown }) => ({ results: req.auth });
  scope.get(`${T}/tickets`, { config: { access: { permission: 'LiveTickets' } } }, echo);
  scope.put(
    `${T}/branches/:branchId/profile`,
    {
      config: { access: { permission: 'StoreSettings' } },
      schema: { body: z.object({ name: z.string().min(1) }) },
    },
    echo,
  );
  scope.get(`${T}/edit`, { config: { access: { permission: 'EditCatalog' } } }, echo);
  scope.get(
    `${T}/any`,
    { config: { access: { permission: 'LiveTickets', superAdmin: true } } },
    echo,
  );
  scope.get(`${T}/platform`, { config: { access: { permission: 'UnverifiedTickets' } } }, echo);
  scope.get(
    '/api/admin/probe/tickets',
    { config: { access: { permission: 'LiveTickets' } } },
    echo,
  );
  scope.get('/api/admin/probe/me', { config: { access: { signedIn: true } } }, echo);
  scope.get(
    '/api/admin/probe/platform',
    { config: { access: { permission: 'TenantsList' } } },
    echo,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  ({ alBayt, casaVerde } = await demoTenantIds(database.owner));
  app = await probeApp(probeRoutes);
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const as = async (email: string) => bearer(await forgeToken(target(), 'valid', email));
const call = async (url: string, email?: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  app.inject({
    method,
    url,
    headers: email ? await as(email) : {},
    ...(payload ? { payload } : {}),
  });

describe('start-up checks of route policies', () => {
  const failsWith = (register: (s: ReturnType<typeof bare>) => void, message: RegExp) =>
    expect(probeApp(register)).rejects.toThrow(message);

  it('refuses an admin route without a policy', async () => {
    await failsWith((s) => s.get('/api/admin/forgotten', async () => ({})), /no access policy/);
  });

  it('refuses a public admin route and a platform permission with a superAdmin flag', async () => {
    await failsWith(
      (s) => s.get('/api/admin/x', { config: { access: { public: true } } }, async () => ({})),
      /cannot be public/,
    );
    await failsWith(
      (s) =>
        s.get(
          '/api/admin/x',
          { config: { access: { permission: 'TenantsList', superAdmin: true } } },
          async () => ({}),
        ),
      /needs no superAdmin flag/,
    );
  });

  it('leaves routes outside /api/admin alone', async () => {
    const ok = await probeApp((s) => s.get('/api/public/x', async () => ({ ok: true })));
    expect((await ok.inject({ method: 'GET', url: '/api/public/x' })).statusCode).toBe(200);
    expect(ok.adminRoutes).toEqual([]);
    await ok.close();
  });
});

describe('the tenant and role guard', () => {
  it('lets a member with an allowed role in and describes the caller', async () => {
    const res = await call(`/api/admin/tenants/${alBayt}/probe/tickets`, 'staff@demo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      email: 'staff@demo.local',
      isSuperAdmin: false,
      tenantId: alBayt,
      role: 'OrderTaker',
    });
  });

  it('answers 404 to a non-member, for a real tenant and an invented one alike', async () => {
    const real = await call(`/api/admin/tenants/${alBayt}/probe/tickets`, 'owner@other.local');
    const invented = await call(
      '/api/admin/tenants/00000000-0000-4000-8000-000000000000/probe/tickets',
      'owner@other.local',
    );
    const malformed = await call('/api/admin/tenants/not-a-uuid/probe/tickets', 'owner@demo.local');
    expect([real.statusCode, invented.statusCode, malformed.statusCode]).toEqual([404, 404, 404]);
    expect(real.json().error.message).toBe(invented.json().error.message);
  });

  it('answers 403 to a member whose role the route does not allow', async () => {
    const res = await call(
      `/api/admin/tenants/${alBayt}/probe/branches/b1/profile`,
      'manager@demo.local',
      'PUT',
      { name: 'x' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('checks the token and the role before validating the body', async () => {
    const url = `/api/admin/tenants/${alBayt}/probe/branches/b1/profile`;
    expect((await call(url, undefined, 'PUT', { name: '' })).statusCode).toBe(401);
    expect((await call(url, 'staff@demo.local', 'PUT', { name: '' })).statusCode).toBe(403);
    expect((await call(url, 'owner@demo.local', 'PUT', { name: '' })).statusCode).toBe(422);
    expect((await call(url, 'owner@demo.local', 'PUT', { name: 'ok' })).statusCode).toBe(200);
  });

  it('lets a super admin into a tenant route only where the policy says so', async () => {
    const excluded = await call(`/api/admin/tenants/${alBayt}/probe/tickets`, 'admin@demo.local');
    expect(excluded.statusCode).toBe(403);
    const allowed = await call(
      `/api/admin/tenants/${casaVerde}/probe/platform`,
      'admin@demo.local',
    );
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().results).toMatchObject({ isSuperAdmin: true, tenantId: casaVerde });
    expect(allowed.json().results.role).toBeUndefined();
    const missing = await call(
      '/api/admin/tenants/00000000-0000-4000-8000-000000000000/probe/platform',
      'admin@demo.local',
    );
    expect(missing.statusCode).toBe(404);
    const owner = await call(`/api/admin/tenants/${alBayt}/probe/platform`, 'owner@demo.local');
    expect(owner.statusCode).toBe(403);
  });

  it('gives tenant-free routes with a role list the tenants where the caller holds it', async () => {
    const res = await call('/api/admin/probe/tickets', 'manager@demo.local');
    expect(res.json().results.tenantIds).toEqual([alBayt]);
    expect((await call('/api/admin/probe/tickets', 'admin@demo.local')).statusCode).toBe(403);
    expect((await call('/api/admin/probe/me', 'admin@demo.local')).statusCode).toBe(200);
    expect((await call('/api/admin/probe/platform', 'owner@demo.local')).statusCode).toBe(403);
    expect((await call('/api/admin/probe/platform', 'admin@demo.local')).statusCode).toBe(200);
  });

  it('answers 403 catalog_integrated where a point of sale took the permission away', async () => {
    await database.owner.update(tenants).set({ isIntegrated: true }).where(eq(tenants.id, alBayt));
    try {
      const refused = await call(`/api/admin/tenants/${alBayt}/probe/edit`, 'owner@demo.local');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('catalog_integrated');
      const kept = await call(`/api/admin/tenants/${alBayt}/probe/tickets`, 'owner@demo.local');
      expect(kept.statusCode).toBe(200);
    } finally {
      await database.owner
        .update(tenants)
        .set({ isIntegrated: false })
        .where(eq(tenants.id, alBayt));
    }
    const allowed = await call(`/api/admin/tenants/${alBayt}/probe/edit`, 'owner@demo.local');
    expect(allowed.statusCode).toBe(200);
  });

  it('lets a super admin in without a membership where the route says superAdmin', async () => {
    const res = await call(`/api/admin/tenants/${alBayt}/probe/any`, 'admin@demo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ isSuperAdmin: true, tenantId: alBayt });
  });

  it('guards the HEAD twin of a GET route too', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/admin/probe/me' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 with a WWW-Authenticate challenge to a missing or malformed token', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer', 'Bearer not.a.jwt']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/probe/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('refuses a valid token of a user that no longer exists', async () => {
    const token = await forgeToken(target(), 'valid', 'staff@demo.local');
    const [staff] = await database.owner
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.local'));
    if (!staff) throw new Error('demo staff missing');
    await database.owner.delete(users).where(eq(users.id, staff.id));
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/probe/me',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
    await database.owner.insert(users).values(staff);
    await database.owner
      .insert(memberships)
      .values({ tenantId: alBayt, userId: staff.id, role: 'OrderTaker' });
  });
});

describe('the access matrix runner', () => {
  it('passes the probe routes and catches a route that leaks another tenant', async () => {
    const leaky = await probeApp((s) => {
      probeRoutes(s);
      // A tenant-free route that wrongly shows every tenant's name.
      s.get('/api/admin/probe/leaky', { config: { access: { signedIn: true } } }, async () => ({
        results: await database.owner.select({ id: tenants.id }).from(tenants),
      }));
    });
    const tokenOf = (email: string) => forgeToken(target(), 'valid', email);
    const result = await runAccessMatrix({
      inject: (opts) => leaky.inject(opts),
      routes: leaky.adminRoutes,
      tenantId: alBayt,
      tokens: {
        owner: await tokenOf('owner@demo.local'),
        manager: await tokenOf('manager@demo.local'),
        staff: await tokenOf('staff@demo.local'),
        superAdmin: await tokenOf('admin@demo.local'),
      },
      outsiderToken: await tokenOf('owner@other.local'),
      badTokens: {
        'foreign key': await forgeToken(target(), 'foreign-key'),
        unsigned: await forgeToken(target(), 'unsigned'),
        expired: await forgeToken(target(), 'expired'),
        'wrong audience': await forgeToken(target(), 'wrong-audience'),
        'wrong issuer': await forgeToken(target(), 'wrong-issuer'),
        'wrong token type': await forgeToken(target(), 'wrong-type'),
      },
      tenantSecrets: await collectTenantSecrets(database.owner, alBayt),
    });
    await leaky.close();
    expect(result.pairs).toBe(leaky.adminRoutes.length * MATRIX_CASES.length);
    expect(result.failures).toEqual([expect.stringMatching(/leaky/)]);
    expect(result.failures[0]).toMatch(/GET \/api\/admin\/probe\/leaky \[other tenant\]/);
  });
});
