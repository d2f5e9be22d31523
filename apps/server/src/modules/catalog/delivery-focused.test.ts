import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TreeNode } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authAs } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';
import { demoTenantIds } from '../../test/demo-tenants.ts';

let ctx: TestContext;
let owner: Record<string, string>;
let base: string;
let tenantId: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  ({ alBayt: tenantId } = await demoTenantIds(ctx.database.owner));
  owner = await authAs(ctx, 'owner@demo.local');
  base = `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${base}${url}`, headers: owner, payload: payload as object });
const title = (fieldValue: string) => ({ fieldValue, en: fieldValue });
const setView = (viewShowSection: boolean) =>
  ctx.database.owner.update(s.tenants).set({ viewShowSection }).where(eq(s.tenants.id, tenantId));
const tree = async (): Promise<TreeNode> => (await call('GET', '/tree')).json().results;
const refused = (res: { statusCode: number; json(): { error: { code: string } } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe('view_delivery_focused');
};

describe('a delivery-focused store view (menu-management §2 screen 5)', () => {
  it('refuses editing, deleting and moving main sections through the API, not sub-sections', async () => {
    const empty = await call('POST', '/categories', { localizedTitle: title('Seasonal') });
    expect(empty.statusCode).toBe(201);
    const emptyId: string = empty.json().results.id;
    await setView(false);
    try {
      const [breakfast, mains] = (await tree()).children;
      refused(await call('PUT', `/categories/${breakfast!.id}`, { localizedTitle: title('B') }));
      refused(await call('DELETE', `/categories/${emptyId}`));
      const grills = mains!.children[0]!;
      // A sub-section up to the main level, or a main section down into another.
      refused(
        await call('PUT', '/move', {
          nodeId: grills.id,
          nodeType: 'category',
          newIndex: 0,
          parentId: null,
        }),
      );
      refused(
        await call('PUT', '/move', {
          nodeId: emptyId,
          nodeType: 'category',
          newIndex: 0,
          parentId: breakfast!.id,
        }),
      );
      const after = await tree();
      expect(after.children.map((c) => c.title.fieldValue)).toEqual([
        'Breakfast',
        'Mains',
        'Drinks',
        'Seasonal',
      ]);

      // Sub-sections stay editable, and so do the main sections' schedules.
      const sub = await call('PUT', `/categories/${grills.id}`, { localizedTitle: title('Grill') });
      expect(sub.statusCode, sub.body).toBe(200);
      const schedule = await call('PUT', `/categories/${breakfast!.id}/schedule`, [
        { day: 1, dayClosed: true },
      ]);
      expect(schedule.statusCode, schedule.body).toBe(200);
    } finally {
      await setView(true);
    }
    // Dine-in focused again: the same calls go through.
    expect((await call('DELETE', `/categories/${emptyId}`)).statusCode).toBe(200);
  });
});
