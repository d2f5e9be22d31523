import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PROFILE, TEST_TENANT, sessionFor } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ModifierGroupsPage } from './modifier-groups-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const GROUP = '22222222-0000-4000-8000-000000000001';

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
    expect(screen.getByRole('heading', { level: 1, name: 'Modifier groups' })).toBeVisible();
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
