import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, tenants, users } from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoTenantIds } from '../../test/demo-tenants.ts';

let ctx: TestContext;
let alBaytId: string;
let casaVerdeId: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  ({ alBayt: alBaytId, casaVerde: casaVerdeId } = await demoTenantIds(ctx.database.owner));
});
afterAll(() => ctx.close());

const get = async (email: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: await authAs(ctx, email) });

describe('GET /api/admin/users/tenants', () => {
  it.each([
    ['owner@demo.local', 'StoreOwner'],
    ['manager@demo.local', 'StoreManager'],
    ['staff@demo.local', 'OrderTaker'],
  ])('lists the tenant of %s with role %s and its branches', async (email, role) => {
    const res = await get(email, '/api/admin/users/tenants');
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      tenantId: alBaytId,
      role,
      localizedName: { en: 'Al Bayt Kitchen' },
      defaultCurrency: 'JOD',
    });
    expect(results[0].branches).toHaveLength(2);
    expect(results[0].branches[0]).toMatchObject({
      branchName: { en: 'Abdoun' },
      branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false },
    });
  });

  it('shows the other tenant only its own', async () => {
    const res = await get('owner@other.local', '/api/admin/users/tenants');
    const { results } = res.json();
    expect(results.map((t: { tenantId: string }) => t.tenantId)).toEqual([casaVerdeId]);
    expect(res.body).not.toContain(alBaytId);
  });

  it('is empty for the super admin, who belongs to no tenant', async () => {
    const res = await get('admin@demo.local', '/api/admin/users/tenants');
    expect(res.json()).toEqual({ results: [] });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/users/tenants' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('GET /api/admin/tenants/?preferredTenantId=', () => {
  it("gives the owner the tenant profile with the owner's permissions", async () => {
    const res = await get('owner@demo.local', '/api/admin/tenants/?preferredTenantId=notset');
    expect(res.statusCode).toBe(200);
    const profile = res.json().results;
    expect(profile).toMatchObject({
      tenantId: alBaytId,
      role: 'StoreOwner',
      defaultAdminLanguage: 'en',
      defaultCurrency: 'JOD',
      isIntegrated: false,
      view_ShowSection: true,
    });
    expect(profile.taxDefenitions.map((t: { percentage: string }) => t.percentage)).toEqual([
      '10.0000',
      '16.0000',
    ]);
    expect(profile.branchProfiles).toHaveLength(2);
    expect(profile.branchProfiles[0]).toMatchObject({
      phoneNumber: '+962791234567',
      timeZone: 'Asia/Amman',
      defaultCurrency: 'JOD',
      branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false },
    });
    expect(profile.permissions).toEqual(
      expect.arrayContaining(['LiveTickets', 'Discounts', 'Reports', 'StoreSettings']),
    );
  });

  it('gives each role its own permission set', async () => {
    const manager = (await get('manager@demo.local', '/api/admin/tenants/')).json().results;
    expect(manager.role).toBe('StoreManager');
    // The spec's route tables: managers edit modifier groups and localize (menu-management §2).
    expect(manager.permissions).toEqual(
      expect.arrayContaining(['Discounts', 'ManageModifiers', 'EditModifiers', 'LocalizeCatalog']),
    );
    expect(manager.permissions).not.toContain('EditCatalog');
    expect(manager.permissions).not.toContain('StoreSettings');
    const staff = (await get('staff@demo.local', '/api/admin/tenants/')).json().results;
    expect(staff.role).toBe('OrderTaker');
    expect(staff.permissions.sort()).toEqual([
      'EmailVerification',
      'ItemAvailability',
      'LiveTickets',
      'Reports',
      'ServiceAreaPaymentMethods',
    ]);
  });

  it('ignores a preferred tenant the user is not a member of, and never shows it', async () => {
    const res = await get('owner@other.local', `/api/admin/tenants/?preferredTenantId=${alBaytId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.tenantId).toBe(casaVerdeId);
    expect(res.body).not.toContain(alBaytId);
  });

  it('is 404 for a user with no tenant (the super admin here)', async () => {
    const res = await get('admin@demo.local', '/api/admin/tenants/?preferredTenantId=notset');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('follows the preference of a member of two tenants, and drops catalogue rights when integrated', async () => {
    const db = ctx.database.owner;
    const [other] = await db.select().from(users).where(eq(users.email, 'owner@other.local'));
    await db
      .insert(memberships)
      .values({ tenantId: alBaytId, userId: other?.id ?? '', role: 'OrderTaker' });
    await db.update(tenants).set({ isIntegrated: true }).where(eq(tenants.id, casaVerdeId));

    const preferAlBayt = await get(
      'owner@other.local',
      `/api/admin/tenants/?preferredTenantId=${alBaytId}`,
    );
    expect(preferAlBayt.json().results).toMatchObject({ tenantId: alBaytId, role: 'OrderTaker' });

    const first = (await get('owner@other.local', '/api/admin/tenants/')).json().results;
    expect(first).toMatchObject({ tenantId: casaVerdeId, role: 'StoreOwner', isIntegrated: true });
    expect(first.permissions).toContain('Reports');
    expect(first.permissions).toContain('ManageCatalog');
    expect(first.permissions).not.toContain('EditCatalog');
    expect(first.permissions).not.toContain('LocalizeCatalog');

    const list = (await get('owner@other.local', '/api/admin/users/tenants')).json().results;
    expect(list.map((t: { role: string }) => t.role)).toEqual(['StoreOwner', 'OrderTaker']);
  });
});

describe('GET /api/admin/users/me', () => {
  it('describes the signed-in user', async () => {
    const res = await get('admin@demo.local', '/api/admin/users/me');
    expect(res.json().results).toMatchObject({
      email: 'admin@demo.local',
      isSuperAdmin: true,
      emailVerified: true,
    });
  });
});

describe('GET /api/admin/tenants/all (super admin)', () => {
  it('lists every tenant for the super admin', async () => {
    const res = await get('admin@demo.local', '/api/admin/tenants/all');
    expect(res.statusCode).toBe(200);
    const rows = res.json().results;
    expect(rows.map((t: { slug: string }) => t.slug).sort()).toEqual([
      'al-bayt',
      'burger-yard',
      'casa-verde',
    ]);
    const alBayt = rows.find((t: { slug: string }) => t.slug === 'al-bayt');
    expect(alBayt).toMatchObject({ branchCount: 2 });
    expect(alBayt.memberCount).toBeGreaterThanOrEqual(3);
  });

  it.each(['owner@demo.local', 'manager@demo.local', 'staff@demo.local'])(
    'is forbidden to %s',
    async (email) => {
      const res = await get(email, '/api/admin/tenants/all');
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('casa-verde');
    },
  );
});

describe('OpenAPI', () => {
  it('documents the calls with the bearer scheme', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/admin/users/tenants',
      '/api/admin/users/me',
      '/api/admin/tenants/',
      '/api/admin/tenants/all',
    ]) {
      expect(doc.paths[path]?.get?.security).toEqual([{ bearer: [] }]);
    }
    expect(doc.paths['/api/public/auth-config']?.get).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/oidc'))).toBe(false);
  });
});
