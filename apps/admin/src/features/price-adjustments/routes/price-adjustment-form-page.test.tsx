import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PROFILE, TEST_TENANT, sessionFor } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ADJUSTMENT_ID, EMPTY_SAVE_MESSAGES, priceAdjustment } from '../test/fixtures.ts';
import { PriceAdjustmentFormPage } from './price-adjustment-form-page.tsx';

const base = `${new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname}/price-adjustments`;
const PATTERN = '/admin/catalog/price-adjustments/:id';
const ID = ADJUSTMENT_ID;
const FLAT = '66666666-0000-4000-8000-000000000002';
const VARIANT = '55555555-0000-4000-8000-000000000001';

const linked = {
  variantId: VARIANT,
  itemId: '77777777-0000-4000-8000-000000000001',
  itemTitle: 'Wrap',
  variantTitle: 'Large',
  oldPrice: 8.5,
  newPrice: 9.35,
  priceReachesZero: false,
};

afterEach(() => vi.unstubAllGlobals());

const open = (id: string) =>
  renderCatalog(<PriceAdjustmentFormPage />, {
    path: `/admin/catalog/price-adjustments/${id}`,
    pattern: PATTERN,
  });

async function fill(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  await user.click(screen.getByRole('radio', { name: 'Percentage' }));
  await user.click(screen.getByRole('radio', { name: 'Increase' }));
  await user.type(screen.getByRole('textbox', { name: 'Amount' }), '10');
  await user.click(screen.getByRole('checkbox', { name: 'Delivery' }));
  await user.click(screen.getByRole('combobox', { name: 'Priority' }));
  await user.click(screen.getByRole('option', { name: '2' }));
}

describe('the price adjustment form', () => {
  it('shows every message of §5 on an empty save, sends nothing, and offers no override', async () => {
    const user = userEvent.setup();
    const server = fakeServer({});
    open('new');
    expect(screen.getByRole('radio', { name: 'Override (coming soon)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of EMPTY_SAVE_MESSAGES) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('abcd');
    expect(await screen.findByText('Name must be at least 5 characters long')).toBeVisible();
    await user.paste('x'.repeat(17));
    expect(await screen.findByText('Name cannot be more than 20 characters long')).toBeVisible();
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('says the schedule and items come after the first save, then moves to the edit URL', async () => {
    const user = userEvent.setup();
    const created = priceAdjustment({ name: 'Dinner up' });
    const server = fakeServer({
      [`POST ${base}`]: () => Response.json({ results: created }, { status: 201 }),
      [`GET ${base}/${ID}`]: ok(created),
      [`GET ${base}`]: ok([created]),
    });
    open('new');
    expect(
      screen.getByText('Save the price adjustment first, then you can set its schedule.'),
    ).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Menu Items' }));
    expect(
      screen.getByText('Save the price adjustment first, then you can choose its menu items.'),
    ).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Details' }));

    await fill(user, 'Dinner up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price adjustment created successfully')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit price adjustment' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit schedule' })).toBeVisible();
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      name: 'Dinner up',
      adjustmentType: 'Percentage',
      adjustmentDirection: 'Increase',
      amount: '10',
      checkoutTemplates: ['DELIVERY'],
      priority: 2,
      isActive: true,
    });
  });

  it("shows 'Price adjustment already exists' for the server's ItemAlreadyExists", async () => {
    const user = userEvent.setup();
    fakeServer({
      [`POST ${base}`]: () =>
        Response.json(
          { errors: [{ field: 'name', codes: ['ItemAlreadyExists'] }] },
          { status: 422 },
        ),
    });
    open('new');
    await fill(user, 'Delivery up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Price adjustment already exists'),
    );
    expect(screen.getAllByText('Price adjustment already exists')).toHaveLength(2);
    expect(screen.queryByText('Unable to save price adjustment')).toBeNull();
  });

  it("says 'Failed to update price adjustment' when an update fails", async () => {
    const user = userEvent.setup();
    fakeServer({
      [`GET ${base}/${ID}`]: ok(priceAdjustment()),
      [`GET ${base}`]: ok([priceAdjustment()]),
      [`PUT ${base}/${ID}`]: () => new Response(null, { status: 500 }),
    });
    open(ID);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update price adjustment')).toBeVisible();
  });

  it('lists the items with the old price and the new one set by the highest priority', async () => {
    const user = userEvent.setup();
    const percent = priceAdjustment({ linkedVariants: [linked] });
    const flat = priceAdjustment({
      id: FLAT,
      name: 'Lunch deal',
      adjustmentType: 'Flat',
      adjustmentDirection: 'Decrease',
      amount: 0.5,
      priority: 1,
      linkedVariants: [{ ...linked, newPrice: 8 }],
    });
    const server = fakeServer({
      [`GET ${base}/${ID}`]: ok(percent),
      [`GET ${base}`]: ok([flat, percent]),
      [`PUT ${base}/variants/${ID}`]: ok([]),
    });
    open(ID);
    await user.click(await screen.findByRole('tab', { name: 'Menu Items' }));
    const row = await screen.findByTestId(`adjusted-variant-${VARIANT}`);
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('WrapLarge');
    expect(cells[1]).toHaveTextContent(/JOD\s8\.500/);
    await waitFor(() => expect(cells[2]).toHaveTextContent(/JOD\s8\.000/));
    expect(cells[2]).toHaveTextContent('Lunch deal applies (priority 1)');

    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(row).queryByText('Brings the price to 0')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Remove Wrap (Large)' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body!)).toEqual({
      SelectedVariantsIds: [],
      removedVariantId: VARIANT,
    });
  });

  it('warns of each item the server says this adjustment brings to 0', async () => {
    const user = userEvent.setup();
    const OTHER = '55555555-0000-4000-8000-000000000002';
    const flat = priceAdjustment({
      adjustmentType: 'Flat',
      adjustmentDirection: 'Decrease',
      amount: 10,
      linkedVariants: [
        { ...linked, newPrice: 0, priceReachesZero: true },
        {
          ...linked,
          variantId: OTHER,
          itemTitle: 'Feast',
          oldPrice: 25,
          newPrice: 15,
          priceReachesZero: false,
        },
      ],
    });
    fakeServer({ [`GET ${base}/${ID}`]: ok(flat), [`GET ${base}`]: ok([flat]) });
    open(ID);
    await user.click(await screen.findByRole('tab', { name: 'Menu Items' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Prices this adjustment brings to 0: 1. Check the amount.');
    const zero = screen.getByTestId(`adjusted-variant-${VARIANT}`);
    expect(within(zero).getByText('Brings the price to 0')).toBeVisible();
    const fine = screen.getByTestId(`adjusted-variant-${OTHER}`);
    expect(within(fine).queryByText('Brings the price to 0')).toBeNull();
  });

  it('only shows an integrated tenant’s adjustment: no field to change, no save', async () => {
    const server = fakeServer({
      [`GET ${base}/${ID}`]: ok(priceAdjustment({ linkedVariants: [linked] })),
      [`GET ${base}`]: ok([priceAdjustment({ linkedVariants: [linked] })]),
    });
    renderCatalog(<PriceAdjustmentFormPage />, {
      path: `/admin/catalog/price-adjustments/${ID}`,
      pattern: PATTERN,
      session: sessionFor('StoreOwner', {
        tenants: [{ ...TEST_TENANT, isIntegrated: true }],
        profile: { ...TEST_PROFILE, isIntegrated: true },
      }),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Delivery up');
    expect(name).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Increase' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Delivery' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit schedule' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your menu comes from your point of sale/)).toBeVisible();
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
