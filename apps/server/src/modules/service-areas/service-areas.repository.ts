import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NO_SECTION,
  type ServiceAreaTemplate,
  type ServiceAreasQuery,
  type UniqueLinkTemplate,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { branches, tenants } from '../identity/identity.table.ts';
import { serviceAreas, serviceAreaSections, uniqueLinks } from './service-areas.table.ts';
import { tenantBranchRows, tenantRow } from '../../db/tenant-keys.ts';

type Q = Db | Tx;

const areaColumns = {
  id: serviceAreas.id,
  title: serviceAreas.title,
  value: serviceAreas.value,
  sectionId: serviceAreas.sectionId,
  sectionName: serviceAreaSections.name,
  enabled: serviceAreas.enabled,
  template: serviceAreas.template,
};
/** Service areas with their section's name (none for an area without a section). */
const withSection = (q: Q) =>
  q
    .select(areaColumns)
    .from(serviceAreas)
    .leftJoin(
      serviceAreaSections,
      tenantRow(serviceAreaSections, serviceAreas.tenantId, serviceAreas.sectionId),
    );

export type AreaRow = {
  id: string;
  title: string | null;
  value: string;
  sectionId: string | null;
  sectionName: string | null;
  enabled: boolean;
  template: ServiceAreaTemplate;
};

const inBranch = (tenantId: string, branchId: string) =>
  tenantBranchRows(serviceAreas, tenantId, branchId);

// Numbers as numbers: '2' before '10'.
const byNumber = (dir: typeof asc) => [
  dir(sql`length(${serviceAreas.value})`),
  dir(serviceAreas.value),
  dir(sql`coalesce(${serviceAreas.title}, '')`),
];

/** Drizzle queries of sections, tables and unique links; every one is filtered by tenant. */
export const serviceAreasRepository = {
  /** The branch with what its storefront addresses need. */
  async branch(q: Q, tenantId: string, branchId: string) {
    const [row] = await q
      .select({
        id: branches.id,
        customDomain: branches.customDomain,
        slug: tenants.slug,
        roomService: tenants.roomService,
      })
      .from(branches)
      .innerJoin(tenants, eq(tenants.id, branches.tenantId))
      .where(tenantRow(branches, tenantId, branchId));
    return row;
  },

  async sections(q: Q, tenantId: string, branchId: string) {
    return q
      .select({ id: serviceAreaSections.id, name: serviceAreaSections.name })
      .from(serviceAreaSections)
      .where(tenantBranchRows(serviceAreaSections, tenantId, branchId))
      .orderBy(asc(serviceAreaSections.name));
  },

  async section(q: Q, tenantId: string, branchId: string, id: string) {
    const [row] = await q
      .select({ id: serviceAreaSections.id, name: serviceAreaSections.name })
      .from(serviceAreaSections)
      .where(
        and(
          tenantBranchRows(serviceAreaSections, tenantId, branchId),
          eq(serviceAreaSections.id, id),
        ),
      );
    return row;
  },

  async insertSection(q: Q, tenantId: string, branchId: string, name: string) {
    const [row] = await q
      .insert(serviceAreaSections)
      .values({ tenantId, branchId, name })
      .returning({ id: serviceAreaSections.id, name: serviceAreaSections.name });
    return row!;
  },

  async renameSection(q: Q, tenantId: string, branchId: string, id: string, name: string) {
    const [row] = await q
      .update(serviceAreaSections)
      .set({ name })
      .where(
        and(
          tenantBranchRows(serviceAreaSections, tenantId, branchId),
          eq(serviceAreaSections.id, id),
        ),
      )
      .returning({ id: serviceAreaSections.id, name: serviceAreaSections.name });
    return row;
  },

  /** One page of tables and the count of all that match. */
  async page(q: Q, tenantId: string, branchId: string, query: ServiceAreasQuery) {
    const where: (SQL | undefined)[] = [inBranch(tenantId, branchId)];
    if (query.sectionId === NO_SECTION) where.push(isNull(serviceAreas.sectionId));
    else if (query.sectionId) where.push(eq(serviceAreas.sectionId, query.sectionId));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(ilike(sql`concat_ws(' ', ${serviceAreas.title}, ${serviceAreas.value})`, pattern));
    }
    const dir = query.direction === 'desc' ? desc : asc;
    const order: SQL[] =
      query.sort === 'name'
        ? [dir(sql`coalesce(${serviceAreas.title}, '')`), ...byNumber(dir)]
        : query.sort === 'template'
          ? [dir(serviceAreas.template), ...byNumber(asc)]
          : query.sort === 'section'
            ? [
                sql`${serviceAreaSections.name} ${sql.raw(query.direction)} nulls last`,
                ...byNumber(asc),
              ]
            : byNumber(dir);
    const condition = and(...where);
    const [rows, [count]] = await Promise.all([
      withSection(q)
        .where(condition)
        .orderBy(...order, asc(serviceAreas.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      q
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceAreas)
        .where(condition),
    ]);
    return { rows: rows as AreaRow[], totalCount: count?.n ?? 0 };
  },

  async areas(q: Q, tenantId: string, branchId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await withSection(q)
      .where(and(inBranch(tenantId, branchId), inArray(serviceAreas.id, [...ids])))
      .orderBy(...byNumber(asc));
    return rows as AreaRow[];
  },

  /** The numbers among `values` already taken under the same prefix. */
  async takenValues(
    q: Q,
    tenantId: string,
    branchId: string,
    title: string | null,
    values: readonly string[],
    exceptId?: string,
  ) {
    const rows = await q
      .select({ value: serviceAreas.value })
      .from(serviceAreas)
      .where(
        and(
          inBranch(tenantId, branchId),
          sql`${serviceAreas.title} is not distinct from ${title}`,
          inArray(serviceAreas.value, [...values]),
          exceptId ? sql`${serviceAreas.id} <> ${exceptId}` : undefined,
        ),
      );
    return rows.map((r) => r.value);
  },

  async insertAreas(
    tx: Tx,
    rows: {
      tenantId: string;
      branchId: string;
      title: string | null;
      value: string;
      sectionId: string | null;
      enabled: boolean;
      template: ServiceAreaTemplate;
    }[],
  ) {
    return tx.insert(serviceAreas).values(rows).returning({ id: serviceAreas.id });
  },

  async updateArea(
    q: Q,
    tenantId: string,
    branchId: string,
    id: string,
    patch: Partial<{
      title: string | null;
      sectionId: string | null;
      enabled: boolean;
      template: ServiceAreaTemplate;
    }>,
  ) {
    const [row] = await q
      .update(serviceAreas)
      .set(patch)
      .where(and(inBranch(tenantId, branchId), eq(serviceAreas.id, id)))
      .returning({ id: serviceAreas.id });
    return row;
  },

  async links(q: Q, tenantId: string, branchId: string, template?: UniqueLinkTemplate) {
    return q
      .select({ id: uniqueLinks.id, name: uniqueLinks.name, template: uniqueLinks.template })
      .from(uniqueLinks)
      .where(
        and(
          tenantBranchRows(uniqueLinks, tenantId, branchId),
          template ? eq(uniqueLinks.template, template) : undefined,
        ),
      )
      .orderBy(asc(uniqueLinks.name));
  },

  async linksByIds(q: Q, tenantId: string, branchId: string, ids: readonly string[]) {
    return q
      .select({ id: uniqueLinks.id, name: uniqueLinks.name, template: uniqueLinks.template })
      .from(uniqueLinks)
      .where(
        and(tenantBranchRows(uniqueLinks, tenantId, branchId), inArray(uniqueLinks.id, [...ids])),
      )
      .orderBy(asc(uniqueLinks.name));
  },

  async insertLink(
    q: Q,
    row: { tenantId: string; branchId: string; name: string; template: UniqueLinkTemplate },
  ) {
    const [link] = await q
      .insert(uniqueLinks)
      .values(row)
      .returning({ id: uniqueLinks.id, name: uniqueLinks.name, template: uniqueLinks.template });
    return link!;
  },
};

export type ServiceAreasRepository = typeof serviceAreasRepository;
