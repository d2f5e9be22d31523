import { sql } from 'drizzle-orm';
import {
  fillRoutePath,
  storefrontRoutes,
  tableBillsRoutes,
  ticketIntakeRoutes,
  type PublicMenu,
  type PublicStorefront,
} from '@app/contracts';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from './client.ts';

/** A small deterministic random source: the same demo week on every first start. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
// Lunch and dinner: when a restaurant in Amman is busy.
const HOURS = [12, 12, 13, 13, 13, 14, 15, 18, 19, 19, 20, 20, 21, 21, 22];

type Menu = PublicMenu;

/**
 * The demo's past week: orders of Al Bayt Kitchen placed through the public intake (priced by
 * the server like any order), then dated back over the last seven days and completed or
 * cancelled, and two tables' bills paid through the card gateway (its emulator in the demo).
 * Run once, right after the demo data was loaded into an empty database, on a server that
 * listens (the payment reaches the gateway over HTTP). Returns what it placed.
 */
export async function seedDemoActivity(
  app: App,
  db: Db,
  config: Config,
  now = new Date(),
): Promise<{ orders: number; payments: number }> {
  const random = seeded(20);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const get = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`demo activity: GET ${url} ${res.statusCode}`);
    return (res.json() as { results: T }).results;
  };
  let address = 0;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    // Each order from its own address, as many guests' phones would be (the intake's limit).
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers,
      remoteAddress: `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    });

  const store = await get<PublicStorefront>(
    fillRoutePath(storefrontRoutes.storefront.path, { slug: 'al-bayt' }),
  );
  const { tenantId } = store;
  const menus = new Map<string, Menu>();
  for (const branch of store.branches) {
    for (const template of branch.checkoutTemplates.filter((t) => t !== 'MENU')) {
      menus.set(
        `${branch.branchId}:${template}`,
        await get<Menu>(
          `${fillRoutePath(storefrontRoutes.menu.path, { tenantId, branchId: branch.branchId })}?checkoutTemplate=${template}`,
        ),
      );
    }
  }
  const lines = (menu: Menu) => {
    const items = menu.sections
      .flatMap((s) => s.items)
      .filter((i) => i.modifierGroups.every((g) => g.modifierItems.length >= g.minQuantity));
    const count = 1 + Math.floor(random() * 3);
    return Array.from({ length: count }, () => {
      const item = pick(items);
      return {
        variantId: pick(item.variants).id,
        quantity: 1 + Math.floor(random() * 2),
        modifiers: item.modifierGroups.flatMap((g) =>
          g.modifierItems.slice(0, g.minQuantity).map((m) => ({ modifierItemId: m.id })),
        ),
      };
    });
  };

  async function place(branchId: string, template: string, extra: Record<string, unknown> = {}) {
    const menu = menus.get(`${branchId}:${template}`)!;
    const body: Record<string, unknown> = {
      checkoutTemplate: template,
      cartItems: lines(menu),
      isFulfillmentAsap: true,
      paymentMethodType: 'CASH',
      firstName: pick(['Rana', 'Omar', 'Dana', 'Yousef', 'Layla', 'Sami', 'Hala', 'Zaid']),
      lang: pick(['en', 'ar', 'ar']),
      ...extra,
    };
    if (template === 'DELIVERY') {
      body.deliveryZoneId = pick(menu.deliveryZones).deliveryZoneId;
      body.shippingAddress = { address1: pick(['Zahran St 12', 'Mecca St 40', 'Rainbow St 7']) };
      body.phoneNumber = `+96279${String(1_000_000 + Math.floor(random() * 8_999_999))}`;
    }
    if (template === 'DINING') body.serviceAreaId ??= pick(menu.serviceAreas).id;
    const res = await post(
      fillRoutePath(ticketIntakeRoutes.intake.path, { tenantId, branchId }),
      body,
    );
    if (res.statusCode !== 201) return null;
    return (res.json() as { results: { id: string } }).results.id;
  }

  const setState = (id: string, at: Date, status: string) =>
    db.execute(sql`
      update tickets set created_at = ${at.toISOString()}::timestamptz,
        updated_at = ${at.toISOString()}::timestamptz + interval '35 minutes',
        status = ${status},
        cancellation_reason = ${status === 'Cancelled' ? 'OUT_OF_STOCK' : null},
        closed_at = case when ${status} in ('Completed', 'Cancelled')
          then ${at.toISOString()}::timestamptz + interval '35 minutes' end
      where tenant_id = ${tenantId} and id = ${id}`);

  // Amman is UTC+3 all year: the start of its day, as an instant.
  const amman = new Date(now.getTime() + 3 * HOUR);
  const localMidnight = new Date(
    Date.UTC(amman.getUTCFullYear(), amman.getUTCMonth(), amman.getUTCDate()) - 3 * HOUR,
  );
  let orders = 0;
  for (let day = 7; day >= 0; day--) {
    const count = 4 + Math.floor(random() * 5);
    for (let i = 0; i < count; i++) {
      const at = new Date(
        localMidnight.getTime() - day * 24 * HOUR + pick(HOURS) * HOUR + random() * HOUR,
      );
      // Nothing from the future, and nothing still on the live orders list.
      if (at.getTime() > now.getTime() - HOUR) continue;
      const branch = pick(store.branches);
      const template = pick(branch.checkoutTemplates.filter((t) => t !== 'MENU'));
      const id = await place(branch.branchId, template);
      if (!id) continue;
      await setState(id, at, random() < 0.1 ? 'Cancelled' : 'Completed');
      orders++;
    }
  }

  // Two tables of Abdoun ate and paid their bill online an hour ago.
  let payments = 0;
  const abdoun = store.branches.find((b) => b.checkoutTemplates.includes('DINING'));
  const dining = abdoun && menus.get(`${abdoun.branchId}:DINING`);
  const gateway = config.payments;
  if (gateway && abdoun && dining) {
    for (const value of ['3', '11']) {
      const table = dining.serviceAreas.find((a) => a.value === value);
      if (!table) continue;
      for (let i = 0; i < 2; i++) {
        const id = await place(abdoun.branchId, 'DINING', {
          serviceAreaId: table.id,
          paymentMethodType: 'PAY_LATER',
        });
        if (!id) continue;
        await setState(id, new Date(now.getTime() - (2 + i * 0.25) * HOUR), 'Completed');
        orders++;
      }
      const bill = await get<{ amountDue: number }>(
        fillRoutePath(tableBillsRoutes.publicBill.path, { tenantId, serviceAreaId: table.id }),
      );
      if (bill.amountDue <= 0) continue;
      // The guest's browser asks the gateway for a token with the emulator's test card.
      const token = await fetch(gateway.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${gateway.publishableKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          number: '4242424242424242',
          expMonth: 12,
          expYear: now.getFullYear() + 3,
        }),
      });
      if (!token.ok) continue;
      const paid = await post(
        fillRoutePath(tableBillsRoutes.payBill.path, { tenantId, serviceAreaId: table.id }),
        { amount: bill.amountDue, paymentToken: ((await token.json()) as { id: string }).id },
        { 'idempotency-key': `demo-table-bill-${value}` },
      );
      if (paid.statusCode === 201) payments++;
    }
  }
  return { orders, payments };
}
