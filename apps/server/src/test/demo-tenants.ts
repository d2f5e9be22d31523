import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema.ts';

/** The ids of the demo world's first two tenants (seeded): Al Bayt and Casa Verde. */
export async function demoTenantIds(db: Db): Promise<{ alBayt: string; casaVerde: string }> {
  const rows = await db.select({ id: tenants.id, slug: tenants.slug }).from(tenants);
  const id = (slug: string) => {
    const row = rows.find((t) => t.slug === slug);
    if (!row) throw new Error(`no demo tenant ${slug}`);
    return row.id;
  };
  return { alBayt: id('al-bayt'), casaVerde: id('casa-verde') };
}
