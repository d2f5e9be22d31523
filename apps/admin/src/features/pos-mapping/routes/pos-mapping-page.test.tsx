import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HubriseProduct, PosMappingEntry } from '@app/contracts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { catalogBase, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { PosMappingPage } from './pos-mapping-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const hubrise = `/api/admin/tenants/${TEST_TENANT.tenantId}/HubRise`;
const HUMMUS = '33333333-0000-4000-8000-000000000001';
const SUGAR = '33333333-0000-4000-8000-000000000002';
const SWEET = '33333333-0000-4000-8000-000000000003';

afterEach(() => vi.unstubAllGlobals());

const entry = (over: Partial<PosMappingEntry>): PosMappingEntry => ({
  id: HUMMUS,
  title: { fieldValue: 'Hummus', en: 'Hummus' },
  price: 1.75,
  active: true,
  externalSKU: null,
  externalId: null,
  isModifierItem: false,
  isModifierGroup: false,
  parentTitle: { fieldValue: 'Breakfast' },
  ...over,
});
const entries = [
  entry({}),
  entry({
    id: SUGAR,
    title: { fieldValue: 'Sugar' },
    price: null,
    isModifierGroup: true,
    parentTitle: null,
    externalSKU: 'SUGAR',
  }),
  entry({
    id: SWEET,
    title: { fieldValue: 'Sweet' },
    price: 0,
    isModifierItem: true,
    parentTitle: { fieldValue: 'Sugar' },
  }),
];
const products: HubriseProduct[] = [
  {
    skuId: 'p-hum-s1',
    skuReference: 'HUM-SM',
    productName: 'Hummus (Small)',
    price: 1.75,
    category: 'Breakfast',
  },
  {
    skuId: 'p-hum-s2',
    skuReference: 'HUM-LG',
    productName: 'Hummus (Large)',
    price: 2.5,
    category: 'Breakfast',
  },
];

describe('the POS mapping page', () => {
  it('lists items and modifiers apart, searches HubRise once typing pauses, and saves the pick', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/all/integration-posmapping`]: ok(entries),
      [`GET ${hubrise}/GetHubriseProducts`]: (req) => {
        const term = req.url.searchParams.get('SearchTerm') ?? '';
        return Response.json({
          results: products.filter((p) => p.productName.toLowerCase().includes(term.toLowerCase())),
        });
      },
      [`PUT ${base}/catalogitems/integration-posmapping/${HUMMUS}`]: (req) =>
        Response.json({ results: entry({ ...(JSON.parse(req.body ?? '{}') as object) }) }),
    });
    renderCatalog(<PosMappingPage />);
    expect(await screen.findByText('0 of 1 items mapped')).toBeVisible();
    expect(screen.getByText('Hummus')).toBeVisible();
    expect(screen.queryByText('Sweet')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Map Hummus' }));
    const dialog = screen.getByRole('dialog', { name: 'Map Hummus' });
    await within(dialog).findByText('Hummus (Large)');
    await user.type(within(dialog).getByLabelText('Search HubRise'), 'large');
    await within(dialog).findByRole('button', { name: /Hummus \(Large\)/ });
    await vi.waitFor(() => expect(within(dialog).queryByText('Hummus (Small)')).toBeNull());
    // One request for the empty search, one once typing paused: not one per key.
    const searches = server.requests.filter((r) => r.url.pathname.endsWith('GetHubriseProducts'));
    expect(searches.map((r) => r.url.searchParams.get('SearchTerm'))).toEqual([null, 'large']);
    expect(searches.every((r) => r.url.searchParams.get('PageSize') === '2000')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: /Hummus \(Large\)/ }));
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ externalSKU: 'HUM-LG', externalId: 'p-hum-s2' });
    expect(await screen.findByLabelText('Mapped to HUM-LG')).toBeVisible();
    expect(screen.getByText('1 of 1 items mapped')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Modifiers' }));
    expect(screen.getByLabelText('Mapped to SUGAR')).toBeVisible();
    expect(screen.getByText('Sweet')).toBeVisible();
  });

  it('trims a code typed by hand, and offers it when the store has no HubRise connection', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/all/integration-posmapping`]: ok(entries),
      [`GET ${hubrise}/GetHubriseModifierGroups`]: () =>
        Response.json({ error: { code: 'pos_not_connected', message: 'no' } }, { status: 409 }),
      [`PUT ${base}/modifieritems/integration-posmapping/${SWEET}`]: () =>
        Response.json({ results: entries[2] }),
    });
    renderCatalog(<PosMappingPage />);
    await user.click(await screen.findByRole('tab', { name: 'Modifiers' }));
    await user.click(screen.getByRole('button', { name: 'Map Sweet' }));
    const dialog = screen.getByRole('dialog', { name: 'Map Sweet' });
    expect(await within(dialog).findByText(/not connected to HubRise/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Code (SKU)'), '  SUG-SW  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save code' }));
    await vi.waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ externalSKU: 'SUG-SW', externalId: null });
  });
});
