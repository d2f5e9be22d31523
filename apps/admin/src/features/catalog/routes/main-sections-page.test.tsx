import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { sessionFor, TEST_PROFILE, TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { item, menu, section } from '../../../test/catalog-fixtures.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { MainSectionsPage } from './main-sections-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const lunch = [1, 2, 3, 4, 5, 6, 0].map((day) => ({
  day,
  dayClosed: day === 5,
  openTime: day === 5 ? null : '00:00',
  closeTime: day === 5 ? null : '23:59',
}));
const root = menu(
  section('Breakfast', {
    schedule: lunch,
    children: [item('Hummus'), item('Manakish', { taxes: [] })],
  }),
  section('Sandwiches', { active: false, excludedCheckoutTemplates: ['DINING', 'MENU'] }),
);

afterEach(() => vi.unstubAllGlobals());

describe('the main sections list', () => {
  it('lists main sections with chips, the schedule highlight and the items without taxes', async () => {
    fakeServer({ [`GET ${base}/tree`]: ok(root) });
    renderCatalog(<MainSectionsPage />);
    expect(await screen.findByRole('link', { name: 'Breakfast' })).toBeVisible();
    expect(screen.getByTestId('items-without-taxes')).toHaveTextContent(
      'Items without taxes (1)Manakish',
    );
    expect(
      screen.getByRole('button', { name: 'Schedule of Breakfast (limited hours)' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Schedule of Sandwiches' })).toBeVisible();
    const sandwiches = screen.getByTestId('main-section-1');
    expect(within(sandwiches).getByText('Hidden')).toBeVisible();
    expect(within(sandwiches).getByText('Removed: Dining')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a new Main Section' })).toBeEnabled();
  });

  it('disables creating main sections when the store view is delivery focused', async () => {
    fakeServer({ [`GET ${base}/tree`]: ok(root) });
    const session = sessionFor('StoreOwner');
    renderCatalog(<MainSectionsPage />, {
      session: { ...session, profile: { ...TEST_PROFILE, view_ShowSection: false } },
    });
    expect(await screen.findByRole('link', { name: 'Breakfast' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a new Main Section' })).toBeDisabled();
    expect(screen.getByText(/Your store view is delivery focused/)).toBeVisible();
  });

  it('says editing is off for an integrated menu and offers no editor, only schedules', async () => {
    fakeServer({ [`GET ${base}/tree`]: ok(root) });
    const session = sessionFor('StoreOwner');
    renderCatalog(<MainSectionsPage />, {
      session: { ...session, profile: { ...TEST_PROFILE, isIntegrated: true } },
    });
    expect(await screen.findByText(/Your menu comes from your point of sale/)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Breakfast' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create a new Main Section' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Main Section/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Schedule of Sandwiches' })).toBeEnabled();
  });

  it('shows an error with a retry when the menu cannot be read', async () => {
    fakeServer({
      [`GET ${base}/tree`]: () =>
        Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }),
    });
    renderCatalog(<MainSectionsPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getAllByText('Error, please refresh page!').length).toBeGreaterThan(0);
  });
});
