import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listenEmulator, type EmulatorAddress } from '../emulator-server.ts';

/**
 * A local stand-in for HubRise's catalog API that speaks its HTTP (ARCHITECTURE rule 8), for
 * tests and the demo: GET /v1/catalogs/:id/categories, /products and /option_lists, with the
 * X-Access-Token header, `count` (at most 100) and `cursor`, the next batch named in
 * X-Cursor-Next. Two catalogs: the demo restaurants' points of sale (Al Bayt Kitchen's and
 * Burger Yard's).
 */
export const HUBRISE_EMULATOR_TOKEN = 'hubrise_emulator_token';
export const HUBRISE_EMULATOR_CATALOG = 'demo-catalog';
export const HUBRISE_EMULATOR_BURGER_CATALOG = 'burger-yard-catalog';

type Sku = { id: string; ref: string; name: string | null; price: string };
type Product = { id: string; name: string; category_id: string; skus: Sku[] };
type OptionList = {
  id: string;
  ref: string;
  name: string;
  type: 'single' | 'multiple';
  options: { id: string; ref: string; name: string; price: string }[];
};

const jod = (amount: number) => `${amount.toFixed(3)} JOD`;

const CATEGORIES = [
  { id: 'cat-brk', ref: 'BRK', name: 'Breakfast' },
  { id: 'cat-grl', ref: 'GRL', name: 'Grills' },
  { id: 'cat-snd', ref: 'SND', name: 'Sandwiches' },
  { id: 'cat-hot', ref: 'HOT', name: 'Hot drinks' },
  { id: 'cat-cld', ref: 'CLD', name: 'Cold drinks' },
];

const product = (
  id: string,
  name: string,
  category: string,
  skus: [ref: string, name: string | null, price: number][],
): Product => ({
  id,
  name,
  category_id: category,
  skus: skus.map(([ref, skuName, price], i) => ({
    id: `${id}-s${i + 1}`,
    ref,
    name: skuName,
    price: jod(price),
  })),
});

/** The demo point of sale: the demo menu's dishes under the codes a till would use. */
export const EMULATED_PRODUCTS: Product[] = [
  product('p-hum', 'Hummus', 'cat-brk', [
    ['HUM-SM', 'Small', 1.75],
    ['HUM-LG', 'Large', 2.5],
  ]),
  product('p-fal', 'Falafel plate', 'cat-brk', [['FAL-01', null, 2.25]]),
  product('p-man', 'Manakish zaatar', 'cat-brk', [['MAN-ZA', null, 1]]),
  product('p-mix', 'Mixed grill', 'cat-grl', [
    ['MIX-1', 'For one', 8.5],
    ['MIX-2', 'For two', 15],
  ]),
  product('p-shi', 'Shish tawook', 'cat-grl', [['SHI-01', null, 6.75]]),
  product('p-sha', 'Chicken shawarma', 'cat-snd', [
    ['SHA-RG', 'Regular', 2],
    ['SHA-SP', 'Super', 3.25],
  ]),
  product('p-cof', 'Arabic coffee', 'cat-hot', [['COF-AR', null, 1.5]]),
  product('p-tea', 'Mint tea', 'cat-hot', [['TEA-MN', null, 1.25]]),
  product('p-lem', 'Fresh lemonade with mint', 'cat-cld', [['LEM-MN', null, 2.5]]),
  product('p-wat', 'Mineral water', 'cat-cld', [
    ['WAT-05', 'Small', 0.5],
    ['WAT-15', 'Large', 1],
  ]),
];

export const EMULATED_OPTION_LISTS: OptionList[] = [
  {
    id: 'ol-sug',
    ref: 'SUGAR',
    name: 'Sugar',
    type: 'single',
    options: [
      { id: 'o-sug-0', ref: 'SUG-NO', name: 'No sugar', price: jod(0) },
      { id: 'o-sug-1', ref: 'SUG-MD', name: 'Medium', price: jod(0) },
      { id: 'o-sug-2', ref: 'SUG-SW', name: 'Sweet', price: jod(0) },
    ],
  },
  {
    id: 'ol-ext',
    ref: 'EXTRAS',
    name: 'Grill extras',
    type: 'multiple',
    options: [
      { id: 'o-ext-1', ref: 'EXT-GAR', name: 'Garlic sauce', price: jod(0.25) },
      { id: 'o-ext-2', ref: 'EXT-FRI', name: 'French fries', price: jod(1) },
      { id: 'o-ext-3', ref: 'EXT-BRD', name: 'Extra bread', price: jod(0.35) },
    ],
  },
];

const BURGER_CATEGORIES = [
  { id: 'cat-bur', ref: 'BUR', name: 'Burgers' },
  { id: 'cat-sid', ref: 'SID', name: 'Sides' },
];

const BURGER_PRODUCTS: Product[] = [
  product('p-cla', 'Classic burger', 'cat-bur', [
    ['CLA-1', 'Single', 4.5],
    ['CLA-2', 'Double', 6.25],
  ]),
  product('p-chk', 'Chicken burger', 'cat-bur', [['CHK-1', null, 4]]),
  product('p-fri', 'Fries', 'cat-sid', [['FRI-RG', null, 1.5]]),
];

const BURGER_OPTION_LISTS: OptionList[] = [
  {
    id: 'ol-sau',
    ref: 'SAUCES',
    name: 'Sauces',
    type: 'multiple',
    options: [
      { id: 'o-sau-1', ref: 'SAU-BBQ', name: 'BBQ', price: jod(0.25) },
      { id: 'o-sau-2', ref: 'SAU-MAY', name: 'Garlic mayo', price: jod(0.25) },
    ],
  },
];

export type HubriseEmulatorOptions = {
  accessToken: string;
  /** More products for tests of paging (the demo has only the list above). */
  extraProducts?: Product[];
};

export function createHubriseEmulator(options: HubriseEmulatorOptions) {
  const catalogs: Record<
    string,
    { categories: typeof CATEGORIES; products: Product[]; optionLists: OptionList[] }
  > = {
    [HUBRISE_EMULATOR_CATALOG]: {
      categories: CATEGORIES,
      products: [...EMULATED_PRODUCTS, ...(options.extraProducts ?? [])],
      optionLists: EMULATED_OPTION_LISTS,
    },
    [HUBRISE_EMULATOR_BURGER_CATALOG]: {
      categories: BURGER_CATEGORIES,
      products: BURGER_PRODUCTS,
      optionLists: BURGER_OPTION_LISTS,
    },
  };
  const catalogOf = (request: FastifyRequest) => catalogs[(request.params as { id: string }).id]!;
  /** Requests answered, by path, so tests can see the client page through. */
  const requests: string[] = [];

  const page = <T>(request: FastifyRequest, reply: FastifyReply, list: T[]) => {
    const query = request.query as { count?: string; cursor?: string };
    const count = Math.min(100, Math.max(1, Number(query.count ?? 100) || 100));
    const start = Math.max(0, Number(query.cursor ?? 0) || 0);
    const end = start + count;
    if (end < list.length) reply.header('x-cursor-next', String(end));
    return list.slice(start, end);
  };

  const routes: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      requests.push(request.url);
      if (request.headers['x-access-token'] !== options.accessToken)
        return reply
          .status(401)
          .send({ message: 'Invalid access token', error_type: 'unauthorized' });
      const { id } = (request.params ?? {}) as { id?: string };
      if (id !== undefined && !(id in catalogs))
        return reply.status(404).send({ message: 'Catalog not found', error_type: 'not_found' });
    });
    app.get('/v1/catalogs/:id/categories', async (request, reply) =>
      page(request, reply, catalogOf(request).categories),
    );
    app.get('/v1/catalogs/:id/products', async (request, reply) =>
      page(request, reply, catalogOf(request).products),
    );
    app.get('/v1/catalogs/:id/option_lists', async (request, reply) =>
      page(request, reply, catalogOf(request).optionLists),
    );
  };
  return { routes, requests };
}

/** The emulator on a port of its own (tests; the server serves it under /emulators/hubrise). */
export async function startHubriseEmulator(options: HubriseEmulatorOptions & EmulatorAddress) {
  const emulator = createHubriseEmulator(options);
  const { url, close } = await listenEmulator(emulator.routes, options);
  return { ...emulator, url: `${url}/v1`, close };
}
