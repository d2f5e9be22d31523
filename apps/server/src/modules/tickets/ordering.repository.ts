import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  type AdjustableTemplate,
  type AdjustmentDirection,
  type AdjustmentType,
  type CheckoutTemplate,
  type LocalizedText,
  type StoreHoursDay,
  type TaxType,
  type StoredPaymentMethod,
  type StockKind,
} from '@app/contracts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { branches, tenants } from '../identity/identity.table.ts';
import { branchDeliveryZones, deliveryZones } from '../outlet-settings/outlet-settings.table.ts';
import {
  serviceAreas,
  serviceAreaSections,
  uniqueLinks,
} from '../service-areas/service-areas.table.ts';
import { tickets } from './tickets.table.ts';
import { tenantBranchRows, tenantRow } from '../../db/tenant-keys.ts';
import { preparedPerHandle } from '../../db/prepared.ts';

export type TemplateHours = Pick<StoreHoursDay, 'day' | 'dayClosed' | 'hours'>[];

type Q = Db | Tx;

export type ScheduleSlot = {
  day: number;
  dayClosed: boolean;
  openTime: string | null;
  closeTime: string | null;
};

/** Sold out at the order's branch now (branch_stock): an item, a variant or a choice. */
export type SoldOutRow = { kind: StockKind; id: string; until: string | null };

export type CatalogueSection = {
  id: string;
  parentId: string | null;
  title: LocalizedText;
  active: boolean;
  /** Its items sold out are left out of the public menu rather than shown sold out. */
  hideWhenNotAvailable: boolean;
  excludedCheckoutTemplates: CheckoutTemplate[];
  schedule: ScheduleSlot[];
};

export type CatalogueVariant = {
  variantId: string;
  variantTitle: LocalizedText;
  price: string;
  item: {
    id: string;
    categoryId: string;
    title: LocalizedText;
    description: LocalizedText | null;
    images: string[];
    active: boolean;
    outOfStock: boolean;
    enableSpecialRequest: boolean;
    excludedCheckoutTemplates: CheckoutTemplate[];
    excludedBranches: string[];
  };
  taxes: { taxId: string; taxType: TaxType; percentage: string; title: LocalizedText }[];
  groups: {
    id: string;
    title: LocalizedText;
    minQuantity: number;
    maxQuantity: number;
    allowModifierItemCounter: boolean;
    items: { id: string; title: LocalizedText; price: string; active: boolean }[];
  }[];
};

/** A tenant's catalogue at one catalogue version (tenants.catalog_version). */
export type CatalogueSnapshot = {
  version: number;
  variants: CatalogueVariant[];
  sections: CatalogueSection[];
};

export type AdjustmentLink = {
  variantId: string;
  adjustment: {
    id: string;
    adjustmentType: AdjustmentType;
    adjustmentDirection: AdjustmentDirection;
    amount: string;
    checkoutTemplates: AdjustableTemplate[];
    priority: number;
  };
  schedule: ScheduleSlot[];
};

/** Sold out rows by `kind:id`, each with when it is back (null: until turned back on). */
export type SoldOut = Map<string, string | null>;
const soldOutIndex = (rows: SoldOutRow[]): SoldOut =>
  new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.until]));

// Some drivers hand json back as text.
const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A json list of AdjustmentLink: active adjustments linking the variants (null: all). */
function adjustmentLinks(tenantId: string, variantIds: string[] | null) {
  const only = variantIds ? sql`and pav.variant_id in ${variantIds}` : sql``;
  return sql`
    select coalesce(json_agg(json_build_object(
      'variantId', pav.variant_id,
      'adjustment', json_build_object(
        'id', pa.id,
        'adjustmentType', pa.adjustment_type,
        'adjustmentDirection', pa.adjustment_direction,
        'amount', pa.amount::text,
        'checkoutTemplates', to_json(pa.checkout_templates),
        'priority', pa.priority),
      'schedule', coalesce((
        select json_agg(json_build_object(
          'day', ps.day, 'dayClosed', ps.day_closed,
          'openTime', ps.open_time, 'closeTime', ps.close_time))
        from price_adjustment_schedules ps
        where ps.tenant_id = pa.tenant_id and ps.adjustment_id = pa.id), '[]'::json))), '[]'::json)
    from price_adjustment_variants pav
    join price_adjustments pa on pa.tenant_id = pav.tenant_id and pa.id = pav.adjustment_id
    where pav.tenant_id = ${tenantId} and pa.is_active ${only}`;
}

/** Payment method rows `m` (`from …`) as the stored list ([] for none). */
const storedMethods = (from: SQL) =>
  sql<StoredPaymentMethod[] | string>`(select coalesce(json_agg(json_build_object(
    'paymentMethodType', m.payment_method_type, 'active', m.active)), '[]'::json) ${from})`;

const param = (name: string) => sql.placeholder(name);

/** The order's context (`orderingRepository.context`), one prepared statement per handle. */
const contextStatement = preparedPerHandle((q: Db) =>
  q
    .select({
      branch: {
        id: branches.id,
        name: branches.name,
        timeZone: branches.timeZone,
        phoneNumber: branches.phoneNumber,
        checkoutTemplates: branches.checkoutTemplates,
        closed: branches.closed,
        acceptingOrders: branches.acceptingOrders,
        busy: branches.busy,
      },
      tenantName: tenants.name,
      currency: tenants.defaultCurrency,
      catalogVersion: tenants.catalogVersion,
      roomService: tenants.roomService,
      tenantCountry: tenants.country,
      hours: sql<TemplateHours | string>`(select coalesce(json_agg(json_build_object(
          'day', h.day, 'dayClosed', h.day_closed, 'hours', h.hours)), '[]'::json)
        from branch_opening_hours h
        where h.tenant_id = ${branches.tenantId} and h.branch_id = ${branches.id}
          and h.checkout_template = ${param('template')})`,
      paymentMethods: storedMethods(sql`from branch_payment_methods m
        where m.tenant_id = ${branches.tenantId} and m.branch_id = ${branches.id}
          and m.checkout_template = ${param('template')}`),
      // The table's own dine-in methods (per-table payment mode), over the branch's.
      areaPaymentMethods: storedMethods(sql`from service_area_payment_methods m
        where m.tenant_id = ${branches.tenantId}
          and m.service_area_id = ${param('serviceAreaId')}::uuid`),
      existing: { id: tickets.id, requestHash: tickets.requestHash },
      zone: {
        id: deliveryZones.id,
        title: deliveryZones.title,
        active: branchDeliveryZones.active,
        fee: branchDeliveryZones.deliveryFee,
      },
      area: {
        id: serviceAreas.id,
        value: serviceAreas.value,
        title: serviceAreas.title,
        template: serviceAreas.template,
        enabled: serviceAreas.enabled,
        sectionName: serviceAreaSections.name,
      },
      link: { id: uniqueLinks.id, name: uniqueLinks.name, template: uniqueLinks.template },
      // Sold out at this branch now (issue 38): what is back by itself is past its `until`.
      soldOut: sql<SoldOutRow[] | string>`(select coalesce(json_agg(json_build_object(
          'kind', s.kind, 'id', s.entity_id, 'until', s.until)), '[]'::json)
        from branch_stock s
        where s.tenant_id = ${branches.tenantId} and s.branch_id = ${branches.id}
          and (s.until is null or s.until > ${param('now')}::timestamptz))`,
      // Most tenants have none: the adjustments are read only when there are some.
      hasAdjustments: sql<boolean>`exists (select 1 from price_adjustments pa where pa.tenant_id = ${tenants.id} and pa.is_active)`,
    })
    .from(branches)
    .innerJoin(tenants, eq(tenants.id, branches.tenantId))
    .leftJoin(
      tickets,
      and(
        eq(tickets.tenantId, branches.tenantId),
        eq(tickets.idempotencyKey, param('idempotencyKey')),
      ),
    )
    .leftJoin(
      deliveryZones,
      and(
        eq(deliveryZones.tenantId, branches.tenantId),
        eq(deliveryZones.id, param('deliveryZoneId')),
      ),
    )
    .leftJoin(
      branchDeliveryZones,
      and(
        eq(branchDeliveryZones.tenantId, deliveryZones.tenantId),
        eq(branchDeliveryZones.deliveryZoneId, deliveryZones.id),
        eq(branchDeliveryZones.branchId, branches.id),
      ),
    )
    .leftJoin(
      serviceAreas,
      and(
        tenantBranchRows(serviceAreas, branches.tenantId, branches.id),
        eq(serviceAreas.id, param('serviceAreaId')),
      ),
    )
    .leftJoin(
      serviceAreaSections,
      tenantRow(serviceAreaSections, serviceAreas.tenantId, serviceAreas.sectionId),
    )
    .leftJoin(
      uniqueLinks,
      and(
        tenantBranchRows(uniqueLinks, branches.tenantId, branches.id),
        eq(uniqueLinks.id, param('uniqueLinkId')),
      ),
    )
    // A deactivated tenant takes no orders and shows no menu: its branches are not found.
    .where(
      and(
        eq(branches.tenantId, param('tenantId')),
        eq(branches.id, param('branchId')),
        eq(tenants.active, true),
      ),
    )
    .limit(1)
    .prepare('ordering_context'),
);

/** The catalogue as the order intake and the public menu read it; every query by tenant. */
export const orderingRepository = {
  /**
   * Everything an order needs besides the cached catalogue, in one round trip: the branch and
   * its status, the tenant (currency, catalogue version), the ticket already made under this
   * Idempotency-Key, the delivery zone with this branch's fee for it, the table with its
   * section, the unique link the order came through, whether the tenant has any active price
   * adjustment, and the template's opening hours and payment methods as the branch set them
   * (outlet settings).
   */
  async context(
    q: Db,
    p: {
      tenantId: string;
      branchId: string;
      template: CheckoutTemplate;
      idempotencyKey?: string | null;
      deliveryZoneId?: string | null;
      serviceAreaId?: string | null;
      uniqueLinkId?: string | null;
      /** Now, by the caller's clock: what is sold out until an earlier time is back. */
      now: Date;
    },
  ) {
    const [row] = await contextStatement(q).execute({
      tenantId: p.tenantId,
      branchId: p.branchId,
      template: p.template,
      // A null matches nothing: no ticket, zone, table or link joins.
      idempotencyKey: p.idempotencyKey ?? null,
      deliveryZoneId: p.deliveryZoneId ?? null,
      serviceAreaId: p.serviceAreaId ?? null,
      uniqueLinkId: p.uniqueLinkId ?? null,
      now: p.now.toISOString(),
    });
    return (
      row && {
        ...row,
        hours: json(row.hours),
        paymentMethods: json(row.paymentMethods),
        areaPaymentMethods: json(row.areaPaymentMethods),
        soldOut: soldOutIndex(json(row.soldOut)),
      }
    );
  },

  /**
   * The tenant's whole catalogue for ordering: every variant with its item, the item's taxes
   * and modifier groups, every section with its schedule (in the admin's order: position, then
   * age), and the catalogue version they are
   * of, from one statement (one snapshot). Amounts come back as decimal text, never as JSON
   * numbers. Price adjustments are not part of it: they are read fresh with each order.
   */
  async catalogue(q: Q, tenantId: string): Promise<CatalogueSnapshot> {
    const result = await q.execute(sql`
      select json_build_object(
        'version', (select t.catalog_version from tenants t where t.id = ${tenantId}),
        'variants', coalesce((
          select json_agg(json_build_object(
            'variantId', v.id,
            'variantTitle', v.title,
            'price', v.price::text,
            'item', json_build_object(
              'id', i.id,
              'categoryId', i.category_id,
              'title', i.title,
              'description', i.description,
              'images', to_json(i.images),
              'active', i.active,
              'outOfStock', i.out_of_stock,
              'enableSpecialRequest', i.enable_special_request,
              'excludedCheckoutTemplates', to_json(i.excluded_checkout_templates),
              'excludedBranches', to_json(i.excluded_branches)),
            'taxes', coalesce((
              select json_agg(json_build_object(
                'taxId', td.id, 'taxType', td.tax_type,
                'percentage', td.percentage::text, 'title', td.title)
                order by td.tax_type, td.percentage, td.id)
              from catalog_item_taxes it
              join tax_definitions td on td.tenant_id = it.tenant_id and td.id = it.tax_id
              where it.tenant_id = i.tenant_id and it.item_id = i.id), '[]'::json),
            'groups', coalesce((
              select json_agg(json_build_object(
                'id', g.id, 'title', g.title,
                'minQuantity', g.min_quantity, 'maxQuantity', g.max_quantity,
                'allowModifierItemCounter', g.allow_modifier_item_counter,
                'items', coalesce((
                  select json_agg(json_build_object(
                    'id', mi.id, 'title', mi.title, 'price', mi.price::text, 'active', mi.active)
                    order by mi.position, mi.id)
                  from modifier_items mi
                  where mi.tenant_id = g.tenant_id and mi.group_id = g.id), '[]'::json))
                order by img.position)
              from catalog_item_modifier_groups img
              join modifier_groups g on g.tenant_id = img.tenant_id and g.id = img.group_id
              where img.tenant_id = i.tenant_id and img.item_id = i.id), '[]'::json))
            order by i.position, i.created_at, v.position)
          from catalog_item_variants v
          join catalog_items i on i.tenant_id = v.tenant_id and i.id = v.item_id
          where v.tenant_id = ${tenantId}), '[]'::json),
        'sections', coalesce((
          select json_agg(json_build_object(
            'id', c.id,
            'parentId', c.parent_id,
            'title', c.title,
            'active', c.active,
            'hideWhenNotAvailable', c.hide_when_not_available,
            'excludedCheckoutTemplates', to_json(c.excluded_checkout_templates),
            'schedule', coalesce((
              select json_agg(json_build_object(
                'day', s.day, 'dayClosed', s.day_closed,
                'openTime', s.open_time, 'closeTime', s.close_time))
              from catalog_category_schedules s
              where s.tenant_id = c.tenant_id and s.category_id = c.id), '[]'::json))
            order by c.position, c.created_at, c.id)
          from catalog_categories c
          where c.tenant_id = ${tenantId}), '[]'::json)
      ) as catalogue
    `);
    const [row] = rowsOf<{ catalogue: CatalogueSnapshot | string }>(result);
    return row ? json(row.catalogue) : { version: -1, variants: [], sections: [] };
  },

  /** Active price adjustments linking the variants (all variants when null), with schedules. */
  async adjustmentsFor(
    q: Q,
    tenantId: string,
    variantIds: string[] | null,
  ): Promise<AdjustmentLink[]> {
    if (variantIds && variantIds.length === 0) return [];
    const [row] = rowsOf<{ links: AdjustmentLink[] | string }>(
      await q.execute(sql`select (${adjustmentLinks(tenantId, variantIds)}) as links`),
    );
    return row ? json(row.links) : [];
  },
};

export type OrderingRepository = typeof orderingRepository;
