// `npm run orders -- --url http://localhost:8080 --count 20 --rate 2`: places realistic orders
// of the demo tenant through the public order intake of a running server (the same call a
// storefront makes) and prints the ticket number of each. Run by tsx, for the contracts' money
// formatter (amounts read as on the screens and receipts), routes and wall clock.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  fillRoutePath,
  formatMoney,
  storefrontRoutes,
  ticketIntakeRoutes,
  wallClock,
} from '@app/contracts';

const FIRST_NAMES = [
  'Rana',
  'Omar',
  'Lina',
  'Yousef',
  'Dana',
  'Khaled',
  'Sara',
  'Hani',
  'Noor',
  'Zaid',
];
const LAST_NAMES = ['Haddad', 'Khalil', 'Nasser', 'Saleh', 'Odeh', 'Masri', 'Qasem', 'Hijazi'];
const STREETS = [
  'Abdoun Circle',
  'Zahran Street',
  'Wasfi Al Tal Street',
  'Mecca Street',
  'Queen Rania Street',
  'Al Madina Al Munawwara Street',
  'Rainbow Street',
];
const REQUESTS = ['No onions', 'Extra spicy', 'Less salt', 'Sauce on the side', 'Well done'];
const INSTRUCTIONS = [
  'Please ring the bell twice',
  'Call when you arrive',
  'Leave it with the doorman',
  'We are celebrating a birthday',
];
const OFFLINE_METHODS = ['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER'];
/** The branch's accepted methods that need no card token; cash when it takes none of them. */
const offlineMethods = (menu) => {
  const offline = (menu.paymentMethods ?? []).filter((m) => OFFLINE_METHODS.includes(m));
  return offline.length > 0 ? offline : ['CASH'];
};

/** A small seeded random source, so a run can be repeated with --seed. */
export function randomSource(seed = Date.now()) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[int(0, list.length - 1)];
  return { next, int, pick, chance: (p) => next() < p };
}

async function getJson(url) {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()).results;
}

/** Wall-clock time `minutes` from now on the branch's clock: 2025-03-01T19:30. */
function localLater(timeZone, minutes) {
  const c = wallClock(new Date(Date.now() + minutes * 60_000), timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`;
}

/** Everything an order can be made from: each open branch's menus per template. */
export async function loadStorefront(base, slug) {
  const store = await getJson(
    `${base}${fillRoutePath(storefrontRoutes.storefront.path, { slug })}`,
  );
  const menus = [];
  for (const branch of store.branches) {
    const status = branch.branchOperatingStatus;
    if (status.closed || !status.acceptingOrders) continue;
    for (const template of branch.checkoutTemplates.filter((t) => t !== 'MENU')) {
      const menu = await getJson(
        `${base}${fillRoutePath(storefrontRoutes.menu.path, { tenantId: store.tenantId, branchId: branch.branchId })}?checkoutTemplate=${template}`,
      );
      const items = menu.sections.flatMap((s) => s.items).filter((i) => i.variants.length > 0);
      if (items.length === 0) continue;
      // Outside the template's opening hours (outlet settings) nothing can be ordered.
      if (menu.openNow === false) continue;
      if (template === 'DELIVERY' && menu.deliveryZones.length === 0) continue;
      if (template === 'DINING' && menu.serviceAreas.length === 0) continue;
      menus.push({ branch, template, items, menu });
    }
  }
  return { store, menus };
}

/** Picks modifiers that satisfy every group's minimum and maximum. */
function modifiersFor(item, rnd) {
  const chosen = [];
  for (const group of item.modifierGroups) {
    const available = [...group.modifierItems];
    if (available.length === 0) continue;
    const max = group.maxQuantity > 0 ? group.maxQuantity : group.minQuantity + 2;
    let want = Math.max(group.minQuantity, rnd.chance(0.5) ? rnd.int(0, max) : 0);
    while (want > 0 && available.length > 0) {
      const m = available.splice(rnd.int(0, available.length - 1), 1)[0];
      const quantity =
        group.allowModifierItemCounter && want > 1 && rnd.chance(0.3) ? rnd.int(1, want) : 1;
      chosen.push({ modifierItemId: m.id, quantity });
      want -= quantity;
    }
  }
  return chosen;
}

/** One realistic order (or, now and then, a call for a waiter from a table). */
export function makeOrder({ branch, template, items, menu }, rnd) {
  const lang = rnd.chance(0.5) ? 'en' : rnd.chance(0.8) ? 'ar' : 'es';
  if (template === 'DINING' && rnd.chance(0.08)) {
    return { ticketType: 'callstaff', serviceAreaId: rnd.pick(menu.serviceAreas).id, lang };
  }
  const lines = [];
  for (const item of [...items].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 4))) {
    lines.push({
      variantId: rnd.pick(item.variants).id,
      quantity: rnd.chance(0.7) ? 1 : rnd.int(2, 4),
      modifiers: modifiersFor(item, rnd),
      ...(item.enableSpecialRequest && rnd.chance(0.15)
        ? { specialRequest: rnd.pick(REQUESTS) }
        : {}),
    });
  }
  const asap = rnd.chance(0.8);
  const order = {
    checkoutTemplate: template,
    cartItems: lines,
    firstName: rnd.pick(FIRST_NAMES),
    lastName: rnd.pick(LAST_NAMES),
    phoneNumber: `+9627${rnd.pick(['7', '8', '9'])}${String(rnd.int(1_000_000, 9_999_999))}`,
    isFulfillmentAsap: asap,
    ...(asap
      ? {}
      : { preferredFulfillmentLocalDateTime: localLater(branch.timeZone, rnd.int(45, 120)) }),
    // What the branch takes for this template (outlet settings); online ones need a card token.
    paymentMethodType: rnd.pick(offlineMethods(menu)),
    lang,
    ...(rnd.chance(0.2) ? { customerCheckoutSpecialInstructions: rnd.pick(INSTRUCTIONS) } : {}),
  };
  if (template === 'DELIVERY') {
    order.deliveryZoneId = rnd.pick(menu.deliveryZones).deliveryZoneId;
    order.shippingAddress = {
      lat: 31.95 + rnd.next() * 0.05,
      lng: 35.85 + rnd.next() * 0.05,
      address1: rnd.pick(STREETS),
      building: String(rnd.int(1, 90)),
      floor: String(rnd.int(0, 8)),
      apartment: String(rnd.int(1, 20)),
    };
  }
  if (template === 'DINING') order.serviceAreaId = rnd.pick(menu.serviceAreas).id;
  return order;
}

/** Posts one order, retrying a lost answer with the same Idempotency-Key (never a second ticket). */
async function place(url, order) {
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(order),
      });
      const body = await res.json().catch(() => ({}));
      if (res.status >= 500 && attempt < 3) continue;
      // The server limits orders per client address (INTAKE_RATE_LIMIT_MAX): wait as told.
      if (res.status === 429 && attempt < 20) {
        const seconds = Math.min(Number(res.headers.get('retry-after')) || 5, 60);
        await new Promise((r) => setTimeout(r, seconds * 1000));
        continue;
      }
      return { status: res.status, body };
    } catch (err) {
      if (attempt >= 3) return { status: 0, body: { error: { message: String(err) } } };
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
}

/** What a storefront's browser does: the test card to the gateway, a token back. */
async function cardToken({ tokenUrl, publishableKey }) {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    }),
  }).catch(() => null);
  return res?.ok ? (await res.json()).id : null;
}

/** The discount a ticket got, as the log shows it after the total. */
function discountText({ discountDetails: d, currency }) {
  if (!d?.discountCode) return '';
  return `  (${d.discountCode} −${formatMoney(d.appliedDiscountValue, currency)})`;
}

/** Places `count` orders at `rate` a second; answers what happened to each. */
export async function placeOrders({
  url,
  count,
  rate,
  tenant = 'al-bayt',
  seed,
  discount,
  log = console.log,
}) {
  const base = url.replace(/\/$/, '');
  const rnd = randomSource(seed);
  const { store, menus } = await loadStorefront(base, tenant);
  if (menus.length === 0) {
    throw new Error(`${tenant} has no branch open and accepting orders with something to order`);
  }
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const wait = started + (i * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const target = rnd.pick(menus);
      const order = makeOrder(target, rnd);
      // Where the branch takes online card, half the orders pay with the gateway's test card.
      if (
        store.payments &&
        order.ticketType !== 'callstaff' &&
        target.menu.paymentMethods?.includes('CREDIT_CARD_ONLINE') &&
        rnd.chance(0.5)
      ) {
        const token = await cardToken(store.payments);
        if (token)
          Object.assign(order, { paymentMethodType: 'CREDIT_CARD_ONLINE', paymentToken: token });
      }
      // With --discount, a third of the orders carry that promo code.
      if (discount && order.ticketType !== 'callstaff' && rnd.chance(1 / 3))
        order.discountCode = discount;
      const { status, body } = await place(
        `${base}${fillRoutePath(ticketIntakeRoutes.intake.path, { tenantId: store.tenantId, branchId: target.branch.branchId })}`,
        order,
      );
      const branch = target.branch.branchName.en ?? target.branch.branchName.fieldValue;
      if (status === 201 || status === 200) {
        const t = body.results;
        const what =
          t.ticketType === 'callstaff'
            ? `call staff, table ${t.ticketDetails.serviceArea?.value}`
            : `${t.ticketDetails.checkoutUiTemplate.padEnd(8)} ${String(t.cartData.cartItems.length).padStart(2)} lines  ${formatMoney(t.cartData.total, t.cartData.currency)}${discountText(t.cartData)}`;
        log(`  #${String(t.ticketNumber).padEnd(6)} ${branch.padEnd(10)} ${what}  (${t.lang})`);
        return { ok: true, ticketNumber: t.ticketNumber };
      }
      const why =
        body.errors?.map((e) => `${e.field}: ${e.codes.join(', ')}`).join('; ') ??
        body.error?.message ??
        `HTTP ${status}`;
      log(`  refused (${branch}, ${target.template}): ${why}`);
      return { ok: false, status, why };
    }),
  );
  return results;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      count: { type: 'string', default: '10' },
      rate: { type: 'string', default: '1' },
      tenant: { type: 'string', default: 'al-bayt' },
      seed: { type: 'string' },
      discount: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run orders -- [--url http://localhost:8080] [--count 10] [--rate 1] [--tenant al-bayt] [--seed N] [--discount WELCOME10]',
    );
    return;
  }
  const count = Number(values.count);
  const rate = Number(values.rate);
  if (!Number.isInteger(count) || count < 1 || count > 100_000)
    throw new Error('--count: 1 to 100000');
  if (!(rate > 0 && rate <= 1000))
    throw new Error('--rate: orders a second, above 0 and at most 1000');
  console.log(`Placing ${count} orders at ${rate}/s on ${values.url} (${values.tenant})`);
  const results = await placeOrders({
    url: values.url,
    count,
    rate,
    tenant: values.tenant,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    discount: values.discount,
  });
  const placed = results.filter((r) => r.ok).map((r) => r.ticketNumber);
  console.log(
    `\n${placed.length} placed, ${results.length - placed.length} refused. Tickets: ${placed.sort((a, b) => a - b).join(', ') || '—'}`,
  );
  if (placed.length === 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  });
}
