import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PROFILE, TEST_TENANT, sessionFor } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ADJUSTMENT_ID, priceAdjustment } from '../test/fixtures.ts';
import { PriceAdjustmentsPage } from './price-adjustments-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const ADJ = ADJUSTMENT_ID;
const dinnerUp = priceAdjustment({ name: 'Dinner up', checkoutTemplates: ['DINING'], priority: 3 });

afterEach(() => vi.unstubAllGlobals());

describe('the price adjustments page', () => {
  it('says when there are none', async () => {
    fakeServer({ [`GET ${base}/price-adjustments`]: ok([]) });
    renderCatalog(<PriceAdjustmentsPage />);
    expect(await screen.findByText('There are no price adjustments yet.')).toBeVisible();
  });

  it('shows each card and deletes one after its confirmation', async () => {
    const user = userEvent.setup();
    let list = [
      priceAdjustment({
        name: 'Lunch deal',
        adjustmentType: 'Flat',
        adjustmentDirection: 'Decrease',
        amount: 0.5,
        checkoutTemplates: ['DELIVERY', 'PICKUP'],
        priority: 1,
      }),
    ];
    fakeServer({
      [`GET ${base}/price-adjustments`]: () => ok(list)(),
      [`DELETE ${base}/price-adjustments/${ADJ}`]: () => {
        list = [];
        return ok({ id: ADJ })();
      },
    });
    renderCatalog(<PriceAdjustmentsPage />);
    const card = await screen.findByTestId(`price-adjustment-${ADJ}`);
    expect(card).toHaveTextContent('Lunch deal');
    expect(card).toHaveTextContent(/Decrease JOD\s0\.500/);
    expect(card).toHaveTextContent('Priority 1');
    expect(card).toHaveTextContent('Applied on: Delivery, Pickup');
    expect(within(card).getByRole('link', { name: 'Edit Lunch deal' })).toHaveAttribute(
      'href',
      `/admin/catalog/price-adjustments/${ADJ}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Delete Lunch deal' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete price adjustment' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this price adjustment?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Price adjustment deleted successfully')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId(`price-adjustment-${ADJ}`)).toBeNull());
  });

  it("says 'Failed to delete price adjustment' when the delete fails", async () => {
    const user = userEvent.setup();
    fakeServer({
      [`GET ${base}/price-adjustments`]: ok([dinnerUp]),
      [`DELETE ${base}/price-adjustments/${ADJ}`]: () => new Response(null, { status: 500 }),
    });
    renderCatalog(<PriceAdjustmentsPage />);
    expect(await screen.findByText('Increase 10%')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete Dinner up' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete price adjustment' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete price adjustment')).toBeVisible();
  });

  it('shows an integrated tenant its adjustments to look at, not to change', async () => {
    fakeServer({
      [`GET ${base}/price-adjustments`]: ok([dinnerUp]),
    });
    const session = sessionFor('StoreOwner', {
      tenants: [{ ...TEST_TENANT, isIntegrated: true }],
      profile: { ...TEST_PROFILE, isIntegrated: true },
    });
    renderCatalog(<PriceAdjustmentsPage />, { session });
    const card = await screen.findByTestId(`price-adjustment-${ADJ}`);
    expect(screen.getByText(/Your menu comes from your point of sale/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add price adjustment' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete Dinner up' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Edit Dinner up' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'View Dinner up' })).toHaveAttribute(
      'href',
      `/admin/catalog/price-adjustments/${ADJ}`,
    );
  });
});
