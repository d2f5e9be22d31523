import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PROFILE, TEST_TENANT, sessionFor } from '../../../app/test-utils.tsx';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { catalogBase } from '../api/catalog-api.ts';
import { renderCatalog } from '../test/render.tsx';
import { ModifierGroupsPage } from './modifier-groups-page.tsx';
import { PriceAdjustmentsPage } from './price-adjustments-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const GROUP = '22222222-0000-4000-8000-000000000001';
const ADJ = '66666666-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

const group = {
  id: GROUP,
  tenantId: TEST_TENANT.tenantId,
  name: 'Sauces',
  localizedTitle: { fieldValue: 'Pick a sauce' },
  minQuantity: 0,
  maxQuantity: 2,
  allowModifierItemCounter: false,
  modifierItems: [],
  posSku: 'PS-7',
};

describe('the modifier groups page', () => {
  it('lists groups with their POS SKU and refuses to delete one still used', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/modifiergroups`]: ok([group]),
      [`DELETE ${base}/modifiergroups/${GROUP}`]: () =>
        Response.json(
          { error: { code: 'unable_to_delete_remove_from_others', message: 'used' } },
          { status: 409 },
        ),
    });
    renderCatalog(<ModifierGroupsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage modifier groups' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Modifier groups' });
    expect(within(list).getByText('Sauces')).toBeVisible();
    expect(within(list).getByText('PS-7')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Sauces' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete modifier group' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the modifier group "Sauces"?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    expect(
      await screen.findByText(
        'Unable to delete: this group is still used by items. Remove it from them first.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeVisible();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the groups read-only to a tenant whose menu comes from the point of sale', async () => {
    fakeServer({ [`GET ${base}/modifiergroups`]: ok([group]) });
    renderCatalog(<ModifierGroupsPage />, {
      session: sessionFor('StoreManager', {
        profile: { ...TEST_PROFILE, role: 'StoreManager', isIntegrated: true },
      }),
    });
    expect(await screen.findByRole('button', { name: 'View Sauces' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add new group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Sauces' })).toBeNull();
  });
});

describe('the price adjustments page', () => {
  it('says when there are none', async () => {
    fakeServer({ [`GET ${base}/price-adjustments`]: ok([]) });
    renderCatalog(<PriceAdjustmentsPage />);
    expect(await screen.findByText('There are no price adjustments yet.')).toBeVisible();
  });

  it('shows each card and deletes one after its confirmation', async () => {
    const user = userEvent.setup();
    let list = [
      {
        id: ADJ,
        name: 'Lunch deal',
        adjustmentType: 'Flat',
        adjustmentDirection: 'Decrease',
        amount: 0.5,
        checkoutTemplates: ['DELIVERY', 'PICKUP'],
        priority: 1,
        isActive: true,
        linkedVariants: [],
        schedule: [],
      },
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
    expect(card).toHaveTextContent(/Decrease JOD\s0\.50/);
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
      [`GET ${base}/price-adjustments`]: ok([
        {
          id: ADJ,
          name: 'Dinner up',
          adjustmentType: 'Percentage',
          adjustmentDirection: 'Increase',
          amount: 10,
          checkoutTemplates: ['DINING'],
          priority: 3,
          isActive: true,
          linkedVariants: [],
          schedule: [],
        },
      ]),
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
});
