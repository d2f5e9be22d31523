import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionFor, TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { catalogPaths } from '../paths.ts';
import { item, menu, section } from '../../../test/catalog-fixtures.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { SectionPage } from './section-page.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;

function fixture() {
  const hummus = item('Hummus', {
    variants: [
      { id: '10000000-0000-4000-8000-000000000001', price: 2.5, title: { fieldValue: 'Large' } },
      { id: '10000000-0000-4000-8000-000000000002', price: 1.75, title: { fieldValue: 'Small' } },
    ],
  });
  const falafel = item('Falafel', { active: false });
  const breakfast = section('Breakfast', {
    children: [section('Sweets', { children: [item('Kunafa', { new: true })] }), hummus, falafel],
  });
  return { root: menu(breakfast), breakfast, hummus, falafel };
}

afterEach(() => vi.unstubAllGlobals());

describe('the section page', () => {
  it('hides an item at once and shows it again when the server refuses', async () => {
    const user = userEvent.setup();
    const { root, breakfast, hummus } = fixture();
    let fail: () => void = () => undefined;
    const server = fakeServer({
      [`GET ${base}/tree`]: ok(root),
      [`GET ${base}/categories/`]: ok([]),
      [`PUT ${base}/catalogitems/${hummus.id}/availability`]: () =>
        new Promise<Response>((resolve) => {
          fail = () =>
            resolve(
              Response.json(
                { error: { code: 'internal_error', message: 'Something went wrong' } },
                { status: 500 },
              ),
            );
        }),
    });
    renderCatalog(<SectionPage />, {
      path: catalogPaths.section(breakfast.id),
      pattern: catalogPaths.sectionPattern,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Breakfast' })).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Availability' }));
    const visible = screen.getByRole('switch', { name: 'Show Hummus on the menu' });
    expect(visible).toBeChecked();

    await user.click(visible);
    // Optimistic: hidden before the server has answered.
    await waitFor(() => expect(visible).not.toBeChecked());
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ active: false, outOfStock: false });

    fail();
    await waitFor(() => expect(visible).toBeChecked());
    const snackbar = await screen.findByText('Unable to save your changes. Please try again.');
    expect(snackbar).toBeVisible();
    expect(
      within(snackbar.closest('.notistack-MuiContent') ?? document.body).getByRole('button', {
        name: 'Refresh',
      }),
    ).toBeVisible();
  });

  it('shows prices, chips and sub-sections, and only the availability switch to a manager', async () => {
    const user = userEvent.setup();
    const { root, breakfast } = fixture();
    fakeServer({ [`GET ${base}/tree`]: ok(root) });
    renderCatalog(<SectionPage />, {
      session: sessionFor('StoreManager'),
      path: catalogPaths.section(breakfast.id),
      pattern: catalogPaths.sectionPattern,
    });

    const hummusCard = (await screen.findByText('Hummus')).closest<HTMLElement>('.MuiCard-root')!;
    expect(within(hummusCard).getByText(/^Starts from JOD\s?1\.750$/)).toBeVisible();
    const falafelCard = screen.getByText('Falafel').closest<HTMLElement>('.MuiCard-root')!;
    expect(within(falafelCard).getByText('Hidden')).toBeVisible();
    expect(within(falafelCard).getByText(/^JOD\s?1\.000$/)).toBeVisible();
    const sweets = screen.getByRole('region', { name: 'Sweets' });
    expect(within(sweets).getByText('New')).toBeVisible();

    expect(screen.queryByRole('button', { name: /^Create New/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sort Sections' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Availability' }));
    expect(screen.getByRole('switch', { name: 'Show Hummus on the menu' })).toBeEnabled();
  });

  it('narrows items and sub-sections by title', async () => {
    const user = userEvent.setup();
    const { root, breakfast } = fixture();
    fakeServer({ [`GET ${base}/tree`]: ok(root), [`GET ${base}/categories/`]: ok([]) });
    renderCatalog(<SectionPage />, {
      path: catalogPaths.section(breakfast.id),
      pattern: catalogPaths.sectionPattern,
    });
    const search = await screen.findByRole('searchbox', {
      name: 'Search items & sections in the section title',
    });
    await user.type(search, 'kun');
    expect(screen.getByText('Kunafa')).toBeVisible();
    expect(screen.queryByText('Hummus')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No items or sections match "zzz".');
  });
});
