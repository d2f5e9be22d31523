import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryResponse } from '@app/contracts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { CategoryEditor, type CategoryEditorProps } from './category-editor.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const SECTION = '55555555-5555-4555-8555-555555555555';
const PARENT = '88888888-8888-4888-8888-888888888888';

const breakfast: CategoryResponse = {
  id: SECTION,
  parentId: null,
  localizedTitle: { fieldValue: 'Breakfast', en: 'Breakfast', ar: 'الفطور' },
  localizedDesc: null,
  images: [],
  position: 0,
  active: true,
  hideWhenNotAvailable: false,
  excludedCheckoutTemplates: ['DINING', 'MENU'],
  schedule: [],
  level: 0,
};

function Opener(props: CategoryEditorProps) {
  const { openPanel } = useSidePanel();
  return (
    <button onClick={() => openPanel(<CategoryEditor {...props} />, { title: 'Section' })}>
      open
    </button>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the section editor', () => {
  it('shows the server refusing a section nested too deep, and closes after a create', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const server = fakeServer({
      [`POST ${base}/categories/${PARENT}`]: () =>
        ++attempts === 1
          ? Response.json(
              { errors: [{ field: 'parentId', codes: ['category_max_depth'] }] },
              { status: 422 },
            )
          : Response.json({ results: { ...breakfast, parentId: PARENT } }, { status: 201 }),
      [`GET ${base}/tree`]: ok({ id: TEST_TENANT.tenantId, children: [] }),
    });
    renderCatalog(<Opener categoryId={null} parentId={PARENT} parentTitle="Cakes" />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Section' });
    expect(within(panel).getByText('New section inside Cakes')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), 'Cheesecakes');
    await user.click(within(panel).getByRole('checkbox', { name: 'Included in dining' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(
      await within(panel).findByText('Sections can be nested at most three levels deep.'),
    ).toBeVisible();
    expect(await screen.findByText('Unable to save your changes. Please try again.')).toBeVisible();
    expect(JSON.parse(server.requests[0]!.body!)).toMatchObject({
      localizedTitle: { fieldValue: 'Cheesecakes' },
      active: true,
      excludedCheckoutTemplates: ['DINING', 'MENU'],
    });

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Section' })).toBeNull());
  });

  it('asks before deleting and says why a section with contents cannot go', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${base}/categories/${SECTION}`]: ok(breakfast),
      [`DELETE ${base}/categories/${SECTION}`]: () =>
        Response.json(
          { error: { code: 'unable_to_delete_remove_children', message: 'Empty it first' } },
          { status: 409 },
        ),
    });
    renderCatalog(<Opener categoryId={SECTION} parentId={null} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Section' });
    expect(await within(panel).findByRole('textbox', { name: 'Title' })).toHaveValue('Breakfast');
    expect(within(panel).getByRole('checkbox', { name: 'Included in dining' })).not.toBeChecked();
    expect(
      within(panel).getByRole('checkbox', { name: 'Included in delivery/pickup' }),
    ).toBeChecked();

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete section' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete section' })).toBeNull(),
    );
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete section' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('Unable to delete: remove the sections and items inside it first.'),
    ).toBeVisible();
    // The editor stays open with the section as it was.
    expect(await screen.findByRole('dialog', { name: 'Section' })).toBeVisible();
  });
});
