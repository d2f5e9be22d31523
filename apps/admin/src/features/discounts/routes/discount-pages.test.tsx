import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discountsRoutes, fillRoutePath, type Discount } from '@app/contracts';
import { stubNarrowerThan } from '../../../test/match-media.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { DiscountFormPage } from './discount-form-page.tsx';
import { DiscountListPage } from './discount-list-page.tsx';

const base = fillRoutePath(discountsRoutes.list.path, { tenantId: TEST_TENANT.tenantId });
const AUTO = '99999999-0000-4000-8000-000000000001';
const IDLE = '99999999-0000-4000-8000-000000000002';

const discount = (over: Partial<Discount> = {}): Discount => ({
  id: AUTO,
  active: true,
  deleted: false,
  discountName: { fieldValue: 'Happy hour' },
  discountCode: 'HAPPY',
  discountApplication: 'AUTOMATIC',
  discountType: 'PERCENTAGE',
  discountValue: 15,
  minOrderValue: 10,
  maximumDiscountValue: 0,
  overallUsageLimit: 0,
  usageCount: 3,
  checkoutTemplates: ['DELIVERY', 'PICKUP'],
  catalogItemsRefIds: [],
  limitedToItems: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

/** The list is a table from MUI's lg breakpoint up, cards below it. */
function setWidth(narrow: boolean) {
  stubNarrowerThan('1199.95px', narrow);
}
beforeEach(() => setWidth(false));

const unprocessable = (field: string, code: string) => () =>
  Response.json({ errors: [{ field, codes: [code] }] }, { status: 422 });
/** Types by pasting: a whole word per event keeps the slow DOM tests quick. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const bodyOf = (r: FakeRequest) => JSON.parse(r.body ?? '{}') as Record<string, unknown>;

// Typing in a real browser-like DOM on a shared machine takes a few seconds per test.
describe('the discount list (§2.5)', { timeout: 30_000 }, () => {
  it('shows the spec’s columns: usage, type, templates, code and name, values, never', async () => {
    fakeServer({
      [`GET ${base}`]: ok([
        discount(),
        discount({
          id: IDLE,
          active: false,
          discountCode: 'SHIPFREE',
          discountName: { fieldValue: 'Free delivery' },
          discountApplication: 'MANUAL_ENTRY',
          discountType: 'FREE_DELIVERY',
          discountValue: 0,
          minOrderValue: 0,
          checkoutTemplates: ['DELIVERY'],
          overallUsageLimit: 50,
        }),
      ]),
    });
    renderCatalog(<DiscountListPage />);
    const table = await screen.findByRole('table', { name: 'Discounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Active',
      'Usage',
      'Type',
      'Enabled for',
      'Code',
      'Value',
      'Minimum order',
      'Maximum discount',
      'Expiry',
      'Edit',
    ]);
    const happy = screen.getByTestId('discount-HAPPY');
    expect(
      within(happy)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '',
      'Automatic',
      'Percentage',
      'DeliveryPickup',
      'HAPPYHappy hourUsed: 3',
      '15%',
      'JOD\u00a010.000',
      '—',
      'Never',
      '',
    ]);
    expect(within(happy).getByRole('switch', { name: 'HAPPY active' })).toBeChecked();
    expect(within(happy).getByRole('link', { name: 'Edit HAPPY' })).toHaveAttribute(
      'href',
      `/admin/marketing/discounts/${AUTO}`,
    );
    const ship = screen.getByTestId('discount-SHIPFREE');
    expect(ship).toHaveTextContent('Free delivery');
    expect(within(ship).getAllByRole('cell')[5]).toHaveTextContent('—');
    expect(ship).toHaveTextContent('Used: 3 of 50');
    expect(within(ship).getByRole('switch', { name: 'SHIPFREE active' })).not.toBeChecked();
  });

  it('stacks the discounts as cards on a narrow screen', async () => {
    setWidth(true);
    fakeServer({ [`GET ${base}`]: ok([discount()]) });
    renderCatalog(<DiscountListPage />);
    const card = await screen.findByTestId('discount-HAPPY');
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('Happy hour');
    expect(card).toHaveTextContent('Automatic');
    expect(card).toHaveTextContent('15%');
    expect(card).toHaveTextContent('ExpiryNever');
    expect(within(card).getByRole('switch', { name: 'HAPPY active' })).toBeChecked();
  });

  it('says when there are none', async () => {
    fakeServer({ [`GET ${base}`]: ok([]) });
    renderCatalog(<DiscountListPage />);
    expect(await screen.findByText(/No discounts yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create new' })).toHaveAttribute(
      'href',
      '/admin/marketing/discounts/new',
    );
  });

  it('sends the whole discount with the new active value, and shows it', async () => {
    const user = userEvent.setup();
    const idle = discount({ id: IDLE, active: false, discountCode: 'IDLE' });
    const server = fakeServer({
      [`GET ${base}`]: ok([idle]),
      [`PUT ${base}/${IDLE}`]: (r) => ok({ ...idle, ...bodyOf(r) })(),
    });
    renderCatalog(<DiscountListPage />);
    await user.click(await screen.findByRole('switch', { name: 'IDLE active' }));
    expect(await screen.findByText('IDLE is active')).toBeVisible();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(bodyOf(put)).toEqual({ ...idle, active: true });
    expect(screen.getByRole('switch', { name: 'IDLE active' })).toBeChecked();
  });

  it('reverts the toggle with the snackbar of §8 when another automatic discount is active', async () => {
    const user = userEvent.setup();
    fakeServer({
      [`GET ${base}`]: ok([discount({ id: IDLE, active: false, discountCode: 'SECOND' })]),
      [`PUT ${base}/${IDLE}`]: unprocessable(
        'discountApplication',
        'discount_code_automatic_active',
      ),
    });
    renderCatalog(<DiscountListPage />);
    const toggle = await screen.findByRole('switch', { name: 'SECOND active' });
    await user.click(toggle);
    expect(await screen.findByText(/Another automatic discount is active/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'SECOND active' })).not.toBeChecked(),
    );
  });

  it('reverts with the refresh snackbar on any other failure', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({
      [`GET ${base}`]: ok([discount()]),
      [`PUT ${base}/${AUTO}`]: () => new Response(null, { status: 500 }),
    });
    renderCatalog(<DiscountListPage />);
    await user.click(await screen.findByRole('switch', { name: 'HAPPY active' }));
    expect(await screen.findByText('Error, please refresh page!')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'HAPPY active' })).toBeChecked());
  });
});

const openForm = (id: string) =>
  renderCatalog(<DiscountFormPage />, {
    path: `/admin/marketing/discounts/${id}`,
    pattern: '/admin/marketing/discounts/:id',
  });

describe('the discount form (§5.1)', { timeout: 30_000 }, () => {
  it('shows every message at once on an empty save and sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({});
    openForm('new');
    await user.clear(screen.getByRole('textbox', { name: 'Minimum order value' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const text of [
      'Name is required.',
      'Code is required.',
      'Choose how the discount is used.',
      'Choose a discount type.',
      'Minimum order value is required (0 if none).',
      'Choose at least one.',
    ])
      expect(await screen.findByText(text)).toBeVisible();
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('upper-cases the code, checks value ranges and creates a 15% code', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`POST ${base}`]: () => Response.json({ results: discount() }, { status: 201 }),
    });
    openForm('new');
    await enter(user, screen.getByRole('textbox', { name: 'Name' }), 'Spring sale');
    const code = screen.getByRole('textbox', { name: 'Code' });
    await enter(user, code, 'spring-15');
    expect(code).toHaveValue('SPRING-15');
    await user.click(screen.getByRole('radio', { name: 'Promo code' }));
    await user.click(screen.getByRole('radio', { name: 'Percentage' }));
    const value = screen.getByRole('textbox', { name: 'Value' });
    await enter(user, value, '150');
    await user.click(screen.getByRole('checkbox', { name: 'Pickup' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only capital letters A–Z and digits.')).toBeVisible();
    expect(screen.getByText('Between 0.1 and 100%.')).toBeVisible();

    await user.clear(code);
    await enter(user, code, 'spring15');
    await user.clear(value);
    await enter(user, value, '15');
    await user.click(screen.getByRole('checkbox', { name: 'Limit the number of uses' }));
    await enter(user, screen.getByRole('textbox', { name: 'Overall usage limit' }), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(bodyOf(server.requests.find((r) => r.method === 'POST')!)).toEqual({
      discountName: { fieldValue: 'Spring sale', en: 'Spring sale' },
      discountCode: 'SPRING15',
      discountApplication: 'HIDDEN_CODE',
      discountType: 'PERCENTAGE',
      discountValue: '15',
      minOrderValue: '0',
      maximumDiscountValue: '0',
      overallUsageLimit: 100,
      checkoutTemplates: ['PICKUP'],
      catalogItemsRefIds: [],
      active: true,
      deleted: false,
    });
    expect(await screen.findByText('Discount created')).toBeVisible();
  });

  it('offers only delivery for free delivery, with no value or maximum', async () => {
    const user = userEvent.setup();
    fakeServer({});
    openForm('new');
    await user.click(screen.getByRole('radio', { name: 'Free delivery' }));
    expect(screen.getByRole('checkbox', { name: 'Delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pickup' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Dine-in' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Value' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Maximum discount value' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Affected products' })).toBeNull();
  });

  it('puts the server’s codes on their fields (discount_code_unique, automatic active)', async () => {
    const user = userEvent.setup();
    fakeServer({
      [`POST ${base}`]: () =>
        Response.json(
          {
            errors: [
              { field: 'discountCode', codes: ['discount_code_unique'] },
              { field: 'discountApplication', codes: ['discount_code_automatic_active'] },
            ],
          },
          { status: 422 },
        ),
    });
    openForm('new');
    await enter(user, screen.getByRole('textbox', { name: 'Name' }), 'Again');
    await enter(user, screen.getByRole('textbox', { name: 'Code' }), 'HAPPY');
    await user.click(screen.getByRole('radio', { name: 'Automatic' }));
    await user.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await enter(user, screen.getByRole('textbox', { name: 'Value' }), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Delivery' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This code already exists.')).toBeVisible();
    expect(screen.getByText('Another automatic discount is active.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps name and code fixed on edit and sends the form’s fields only', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/${AUTO}`]: ok(discount()),
      [`PUT ${base}/${AUTO}`]: ok(discount({ active: false })),
    });
    openForm(AUTO);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Happy hour');
    expect(name).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeDisabled();
    expect(screen.getByText('Used so far: 3')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(bodyOf(server.requests.find((r) => r.method === 'PUT')!)).toEqual({
      discountApplication: 'AUTOMATIC',
      discountType: 'PERCENTAGE',
      discountValue: '15',
      minOrderValue: '10',
      maximumDiscountValue: '0',
      overallUsageLimit: 0,
      checkoutTemplates: ['DELIVERY', 'PICKUP'],
      catalogItemsRefIds: [],
      active: false,
      deleted: false,
    });
    expect(await screen.findByText('Discount updated')).toBeVisible();
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/${AUTO}`]: ok(discount()),
      [`PUT ${base}/${AUTO}`]: (r) => ok({ ...discount(), ...bodyOf(r) })(),
    });
    openForm(AUTO);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete HAPPY?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Discount deleted')).toBeVisible();
    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(bodyOf(puts[0]!)).toMatchObject({ id: AUTO, discountCode: 'HAPPY', deleted: true });
  });
});
