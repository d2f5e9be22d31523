import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Cart tickets for the orders report's benchmark, written by PostgreSQL itself in one
 * INSERT … SELECT over generate_series: ticket i of n is placed (n − i) × step before `newest`,
 * so the newest is ticket n and the history reaches back evenly to `oldest`. Every field is a
 * function of i (see `reportTicketCells`, which the exceljs-alone ceiling writes from).
 * Carts hold no lines: the report reads the columns and the customer's details only.
 */
export const BENCH_NAMES = ['Rana', 'Omar', 'Lina', 'Sami', 'Hala', 'Karim', 'Dana', 'Yousef'];
export const BENCH_SURNAMES = ['Haddad', 'Khalil', 'Nasser', 'Saleh', 'Aziz', 'Mansour'];
const STATUSES = [
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Cancelled',
  'Cancelled',
  'InProgress',
  'UnVerified',
] as const;
const TEMPLATES = ['PICKUP', 'DELIVERY', 'DINING'] as const;
const PAYMENTS = ['CASH', 'CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER'] as const;

export type BenchWorld = {
  tenantId: string;
  branchIds: string[];
  zones: { id: string; title: Record<string, string> }[];
};

/** Total of ticket i: 0.500 to 40.499, in thousandths. */
export const benchTotalMilli = (i: number) => ((i * 7919) % 40000) + 500;

/** The values the seed gives ticket i, as the report's columns (before labels). */
export function benchTicket(i: number, world: BenchWorld) {
  const template = TEMPLATES[i % 3]!;
  const zone = template === 'DELIVERY' ? world.zones[i % world.zones.length]! : null;
  return {
    status: STATUSES[i % 10]!,
    template,
    payment: PAYMENTS[i % 4]!,
    branchId: world.branchIds[i % world.branchIds.length]!,
    firstName: BENCH_NAMES[i % BENCH_NAMES.length]!,
    lastName: BENCH_SURNAMES[i % BENCH_SURNAMES.length]!,
    phone: template === 'DELIVERY' ? `+9627${String(i % 100_000_000).padStart(8, '0')}` : null,
    zone,
    table: template === 'DINING' ? String(1 + (i % 15)) : null,
    totalMilli: benchTotalMilli(i),
  };
}

export async function seedReportTickets(
  db: Db,
  world: BenchWorld,
  opts: { count: number; newest: Date; oldest: Date; firstNumber: number },
) {
  const { count, newest, oldest, firstNumber } = opts;
  const stepMs = (newest.getTime() - oldest.getTime()) / count;
  const pgArray = (values: string[]) => `{${values.join(',')}}`;
  const zoneTitles = JSON.stringify(world.zones.map((z) => z.title));
  await db.execute(sql`
    insert into tickets (id, tenant_id, branch_id, ticket_number, ticket_type, status,
      checkout_template, lang, payment_method_type, currency, total, service_area_id,
      delivery_zone_id, ticket_details, cart_data, created_at, updated_at, closed_at)
    select gen_random_uuid(), ${world.tenantId}::uuid,
      (${pgArray(world.branchIds)}::uuid[])[1 + g.i % ${world.branchIds.length}],
      ${firstNumber - 1}::bigint + g.i, 'cartticket', v.status::ticket_status, v.template, 'en',
      v.payment, 'JOD', v.total, null, v.zone_id,
      jsonb_build_object(
        'checkoutUiTemplate', v.template,
        'firstName', (${pgArray(BENCH_NAMES)}::text[])[1 + g.i % ${BENCH_NAMES.length}],
        'lastName', (${pgArray(BENCH_SURNAMES)}::text[])[1 + g.i % ${BENCH_SURNAMES.length}],
        'reservationLastName', null,
        'phoneNumber', case when v.template = 'DELIVERY'
          then '+9627' || lpad((g.i % 100000000)::text, 8, '0') end,
        'onPropertyInfo', null,
        'serviceArea', case when v.template = 'DINING' then jsonb_build_object(
          'id', ${world.tenantId}::uuid, 'value', (1 + g.i % 15)::text, 'title', null,
          'sectionName', null) end,
        'preferredFulfillmentLocalDateTime', null,
        'isFulfillmentAsap', true,
        'deliveryZoneId', v.zone_id,
        'deliveryZone', case when v.template = 'DELIVERY'
          then (${zoneTitles}::jsonb) -> (g.i % ${world.zones.length}) end,
        'shippingAddress', case when v.template = 'DELIVERY'
          then jsonb_build_object('address1', 'Street ' || (g.i % 500)) end,
        'customerCheckoutSpecialInstructions', null,
        'paymentMethodType', v.payment,
        'paymentDetails', jsonb_build_object('paymentMethodType', v.payment, 'cardScheme', null,
          'maskedValue', null, 'paymentStatus', null, 'paymentUniqueInvoiceId', null)),
      jsonb_build_object('cartItems', '[]'::jsonb, 'currency', 'JOD',
        'itemsTotal', v.total::text, 'itemsTotalForDisplay', v.total::text,
        'inclusiveTaxTotal', '0.000', 'additiveTaxTotal', '0.000', 'deliveryTotal', '0.000',
        'serviceChargeTotal', '0.000',
        'discountDetails', jsonb_build_object('discountCode', null, 'appliedDiscountValue', '0.000'),
        'deliveryFeesDetails', jsonb_build_object('taxes', '[]'::jsonb, 'taxAmount', '0.000', 'totalForDisplay', '0.000'),
        'serviceChargeFeesDetails', jsonb_build_object('taxes', '[]'::jsonb, 'taxAmount', '0.000', 'totalForDisplay', '0.000'),
        'deliveryFeesUnDefined', false, 'total', v.total::text),
      v.at, v.at, case when v.status in ('Completed', 'Cancelled') then v.at end
    from generate_series(1, ${count}) as g(i)
    cross join lateral (
      select
        (array['Completed','Completed','Completed','Completed','Completed','Completed',
          'Cancelled','Cancelled','InProgress','UnVerified'])[1 + g.i % 10] as status,
        (array['PICKUP','DELIVERY','DINING'])[1 + g.i % 3] as template,
        (array['CASH','CASH','CREDIT_CARD_OFFLINE','PAY_LATER'])[1 + g.i % 4] as payment,
        (((g.i::bigint * 7919) % 40000) + 500)::numeric / 1000 as total,
        case when g.i % 3 = 1
          then (${pgArray(world.zones.map((z) => z.id))}::uuid[])[1 + g.i % ${world.zones.length}]
        end as zone_id,
        ${newest.toISOString()}::timestamptz
          - make_interval(secs => (${count} - g.i) * ${stepMs / 1000}::float8) as at
    ) v
  `);
  await db.execute(sql`
    insert into ticket_counters (tenant_id, last_number)
    values (${world.tenantId}::uuid, ${firstNumber - 1 + count})
    on conflict (tenant_id) do update set last_number = greatest(ticket_counters.last_number, excluded.last_number)
  `);
}
