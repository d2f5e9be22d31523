import type { HubriseModifier, HubriseProduct } from '@app/contracts';
import { providerFetch } from '../provider-fetch.ts';

/**
 * HubRise's catalog API (api.hubrise.com/v1, ARCHITECTURE rule 8): the products with their
 * SKUs and the option lists with their options of one catalog, read with the connection's
 * access token (X-Access-Token). Index endpoints answer at most 100 results a request and name
 * the next batch in the X-Cursor-Next header.
 */
export type HubriseClientConfig = {
  /** The API root, e.g. https://api.hubrise.com/v1 or the emulator's URL. */
  baseUrl: string;
  timeoutMs?: number;
};

/** The catalog of one tenant's HubRise connection. */
export type HubriseConnection = { catalogId: string; accessToken: string };

export interface PosCatalogProvider {
  products(connection: HubriseConnection): Promise<HubriseProduct[]>;
  modifiers(connection: HubriseConnection): Promise<HubriseModifier[]>;
}

/** HubRise could not be reached, refused the token or the catalog, or failed on its side. */
export class PosProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PosProviderUnavailable';
  }
}

type WireCategory = { id: string; name: string };
type WireSku = { id: string; ref?: string | null; name?: string | null; price?: string | null };
type WireProduct = { id: string; name: string; category_id?: string | null; skus?: WireSku[] };
type WireOption = { id: string; ref?: string | null; name: string; price?: string | null };
type WireOptionList = { id: string; name: string; ref?: string | null; options?: WireOption[] };

/** HubRise money is text such as "9.80 EUR". */
export function moneyAmount(text: string | null | undefined): number | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s+[A-Z]{3}\s*$/.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/** Index pages HubRise allows (100 results each) before the read stops: 20,000 results. */
const MAX_PAGES = 200;
const PAGE = 100;

export function createHubriseClient(config: HubriseClientConfig): PosCatalogProvider {
  const send = providerFetch(config, 'HubRise', (message) => new PosProviderUnavailable(message));

  async function all<T>(connection: HubriseConnection, resource: string): Promise<T[]> {
    const path = `/catalogs/${encodeURIComponent(connection.catalogId)}/${resource}`;
    const results: T[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ count: String(PAGE) });
      if (cursor) query.set('cursor', cursor);
      const res = await send(`${path}?${query}`, {
        headers: { 'x-access-token': connection.accessToken, accept: 'application/json' },
      });
      if (!res.ok) throw new PosProviderUnavailable(`HubRise answered ${res.status} on ${path}`);
      const body: unknown = await res.json().catch(() => null);
      if (!Array.isArray(body)) throw new PosProviderUnavailable(`HubRise sent no list on ${path}`);
      results.push(...(body as T[]));
      cursor = res.headers.get('x-cursor-next');
      if (!cursor) break;
    }
    return results;
  }

  return {
    async products(connection) {
      const [categories, products] = await Promise.all([
        all<WireCategory>(connection, 'categories'),
        all<WireProduct>(connection, 'products'),
      ]);
      const categoryName = new Map(categories.map((c) => [c.id, c.name]));
      // The spec's provider product is a SKU: what an order line names.
      return products.flatMap((p) =>
        (p.skus ?? []).map((sku) => ({
          skuId: sku.id,
          skuReference: sku.ref ?? null,
          productName: sku.name ? `${p.name} (${sku.name})` : p.name,
          price: moneyAmount(sku.price),
          category: (p.category_id && categoryName.get(p.category_id)) || null,
        })),
      );
    },

    async modifiers(connection) {
      const lists = await all<WireOptionList>(connection, 'option_lists');
      return lists.flatMap((list) =>
        (list.options ?? []).map((o) => ({
          modifierId: o.id,
          modifierReference: o.ref ?? null,
          modifierName: o.name,
          price: moneyAmount(o.price),
          modifierGroupId: list.id,
          modifierGroupName: list.name,
          modifierGroupReference: list.ref ?? null,
        })),
      );
    },
  };
}
