import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import * as s from './schema.ts';
import { seedDemoData } from './seed.ts';
import { APP_ROLE, inScope, inTenant } from './tenant-scope.ts';
import { demoTenantIds } from '../test/demo-tenants.ts';

// Row-level security, the second line of tenant isolation: the catalogue holds every table
// with a tenant_id to it, and the app's handle sees and writes only its scope's rows.
let database: Database & { dispose(): Promise<void> };
let alBayt: string;
let casa: string;
let ownerUserId: string;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  ({ alBayt, casaVerde: casa } = await demoTenantIds(database.owner));
  const [owner] = await database.owner
    .select()
    .from(s.users)
    .where(eq(s.users.email, 'owner@demo.local'));
  ownerUserId = owner!.id;
});
afterAll(() => database.dispose());

const itemCount = async (db = database.db) => (await db.select({ n: count() }).from(s.items))[0]!.n;
const tenantsOfItems = async () =>
  new Set((await database.db.select({ t: s.items.tenantId }).from(s.items)).map((r) => r.t));

describe('the schema', () => {
  it('puts every table with a tenant_id under forced row-level security with a tenant policy', async () => {
    const tables = rowsOf<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policy: string | null;
    }>(
      await database.owner.execute(sql`
        select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
          (select pg_get_expr(p.polqual, p.polrelid) from pg_policy p
            where p.polrelid = c.oid and p.polname = 'tenant_rows') as policy
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by 1`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(31);
    const unprotected = tables
      .filter((t) => !t.enabled || !t.forced || !t.policy?.includes('app_tenant_ids()'))
      .map(
        (t) =>
          `${t.table} has a tenant_id but no forced row-level security with its tenant policy: ` +
          `add \`SELECT app_protect_tenant_table('${t.table}');\` to the migration that creates it ` +
          `(docs/deployment.md, "Row-level security")`,
      );
    expect(unprotected).toEqual([]);
  });

  it('gives the app a role that is no superuser, cannot bypass row-level security and owns nothing', async () => {
    const [role] = rowsOf<{ super: boolean; bypass: boolean; owns: number }>(
      await database.owner.execute(sql`
        select r.rolsuper as super, r.rolbypassrls as bypass,
          (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
        from pg_roles r where r.rolname = ${APP_ROLE}`),
    );
    expect(role).toEqual({ super: false, bypass: false, owns: 0 });
    const [who] = rowsOf<{ role: string }>(
      await database.db.execute(sql`select current_user as role`),
    );
    expect(who?.role).toBe(APP_ROLE);
  });

  it('lets status filters stay index conditions under the policies (enum equality is leakproof)', async () => {
    const [row] = rowsOf<{ superuser: boolean; leakproof: boolean }>(
      await database.owner.execute(sql`
        select (select rolsuper from pg_roles where rolname = current_user) as superuser,
          bool_and(proleakproof) as leakproof
        from pg_proc where oid in ('pg_catalog.enum_eq(anyenum, anyenum)'::regprocedure,
          'pg_catalog.enum_ne(anyenum, anyenum)'::regprocedure)`),
    );
    // Only a superuser may mark them (docs/deployment.md says what a managed server loses).
    expect(row?.leakproof).toBe(row?.superuser);
  });
});

describe("the app's handle", () => {
  it('sees no tenant rows outside a scope, where the owner sees them all', async () => {
    expect(await itemCount(database.owner)).toBeGreaterThan(0);
    expect(await itemCount()).toBe(0);
    expect(await database.db.select().from(s.memberships)).toEqual([]);
    // Tables that are no tenant's own stay readable: the tenant directory, users.
    expect((await database.db.select().from(s.tenants)).length).toBe(
      (await database.owner.select().from(s.tenants)).length,
    );
  });

  it('sees only the scope tenant, inside and outside a transaction', async () => {
    expect(await inTenant(alBayt, () => tenantsOfItems())).toEqual(new Set([alBayt]));
    expect(await inTenant(casa, () => tenantsOfItems())).toEqual(new Set([casa]));
    const inTransaction = await inTenant(alBayt, () =>
      database.db.transaction(async (tx) =>
        tx.select({ t: s.items.tenantId }).from(s.items).groupBy(s.items.tenantId),
      ),
    );
    expect(inTransaction).toEqual([{ t: alBayt }]);
    expect(await inScope({ tenantIds: [alBayt, casa] }, () => tenantsOfItems())).toEqual(
      new Set([alBayt, casa]),
    );
  });

  it('cannot write into another tenant, nor change or delete its rows', async () => {
    const [casaZone] = await database.owner
      .select()
      .from(s.deliveryZones)
      .where(eq(s.deliveryZones.tenantId, casa));
    const insert = inTenant(alBayt, () =>
      database.db
        .insert(s.deliveryZones)
        .values({ tenantId: casa, title: { fieldValue: 'Stolen', en: 'Stolen' } }),
    );
    await expect(insert).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
    const updated = await inTenant(alBayt, () =>
      database.db
        .update(s.deliveryZones)
        .set({ title: { fieldValue: 'Renamed', en: 'Renamed' } })
        .where(eq(s.deliveryZones.id, casaZone!.id))
        .returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await inTenant(alBayt, () =>
      database.db.delete(s.deliveryZones).where(eq(s.deliveryZones.id, casaZone!.id)).returning(),
    );
    expect(deleted).toEqual([]);
    // Moving one's own row to another tenant is refused too.
    const [ownZone] = await database.owner
      .select()
      .from(s.deliveryZones)
      .where(eq(s.deliveryZones.tenantId, alBayt));
    const move = inTenant(alBayt, () =>
      database.db
        .update(s.deliveryZones)
        .set({ tenantId: casa })
        .where(eq(s.deliveryZones.id, ownZone!.id)),
    );
    await expect(move).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
    const [after] = await database.owner
      .select()
      .from(s.deliveryZones)
      .where(eq(s.deliveryZones.id, casaZone!.id));
    expect(after).toEqual(casaZone);
  });

  it("shows a signed-in user their own memberships in every tenant, and no one else's", async () => {
    const own = await inScope({ tenantIds: [], userId: ownerUserId }, () =>
      database.db.select().from(s.memberships),
    );
    expect(own.map((m) => [m.userId, m.tenantId])).toEqual([[ownerUserId, alBayt]]);
    const ofTenant = await inTenant(alBayt, () => database.db.select().from(s.memberships));
    const members = await database.owner
      .select()
      .from(s.memberships)
      .where(eq(s.memberships.tenantId, alBayt));
    expect(ofTenant.length).toBe(members.length);
    expect(new Set(ofTenant.map((m) => m.tenantId))).toEqual(new Set([alBayt]));
  });

  it("lets the super admin's platform screens read every tenant, and write none", async () => {
    const platform = { tenantIds: [], crossTenantRead: true };
    const everyTenant = new Set(
      (await database.owner.select({ t: s.items.tenantId }).from(s.items)).map((r) => r.t),
    );
    expect(everyTenant.size).toBeGreaterThanOrEqual(2);
    expect(await inScope(platform, () => tenantsOfItems())).toEqual(everyTenant);
    const write = inScope(platform, () =>
      database.db
        .insert(s.deliveryZones)
        .values({ tenantId: casa, title: { fieldValue: 'Platform', en: 'Platform' } }),
    );
    await expect(write).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
    const updated = await inScope(platform, () =>
      database.db
        .update(s.branches)
        .set({ busy: true })
        .where(eq(s.branches.tenantId, casa))
        .returning(),
    );
    expect(updated).toEqual([]);
  });

  it('never carries a scope over to the next statement on the same connection', async () => {
    // Many rounds over the pool's connections (PGlite's one), scoped and unscoped interleaved.
    const rounds = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const tenant = i % 3 === 0 ? alBayt : i % 3 === 1 ? casa : null;
        return (tenant ? inTenant(tenant, () => tenantsOfItems()) : tenantsOfItems()).then(
          (seen) => ({ tenant, seen: [...seen] }),
        );
      }),
    );
    for (const { tenant, seen } of rounds) expect(seen).toEqual(tenant ? [tenant] : []);
    // One after another, so the pool hands back the connection that has just served a tenant:
    // neither a plain statement nor a transaction outside a scope may see that tenant's rows.
    for (const tenant of [alBayt, casa]) {
      expect([...(await inTenant(tenant, () => tenantsOfItems()))]).toEqual([tenant]);
      const inTransaction = await database.db.transaction((tx) =>
        tx.select({ t: s.items.tenantId }).from(s.items),
      );
      expect(inTransaction).toEqual([]);
      expect(await inTenant(tenant, () => tenantsOfItems())).toEqual(new Set([tenant]));
      expect(await itemCount()).toBe(0);
    }
    const failed = inTenant(alBayt, () =>
      database.db.transaction(async (tx) => {
        await tx.select().from(s.items).limit(1);
        throw new Error('rolled back');
      }),
    );
    await expect(failed).rejects.toThrow('rolled back');
    expect(await itemCount()).toBe(0);
  });

  // PGlite's one connection has no pool to check a client out of.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'scopes a connection checked out of the pool by hand (the report export reads through one)',
    async () => {
      const raw = database.raw;
      if (raw.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const tenantsInTransaction = async () => {
        const client = await raw.pool.connect();
        try {
          await client.query('begin read only');
          const { rows } = await client.query<{ t: string }>(
            'select distinct tenant_id as t from catalog_items',
          );
          await client.query('commit');
          return rows.map((r) => r.t);
        } finally {
          client.release();
        }
      };
      // The connection has just served a tenant: its session still holds that scope.
      await inTenant(alBayt, () => tenantsOfItems());
      expect(await tenantsInTransaction()).toEqual([]);
      await inTenant(alBayt, () => tenantsOfItems());
      expect(await inTenant(casa, () => tenantsInTransaction())).toEqual([casa]);
    },
  );

  it('refuses a scope that is not made of UUIDs (it is written into SQL)', async () => {
    await expect(inTenant("x', true); select 1; --", () => itemCount())).rejects.toThrow(
      /not a UUID/,
    );
  });
});
