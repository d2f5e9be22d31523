import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CatalogItemResponse,
  LocalizedText,
  ModifierGroupResponse,
  Translations,
  TreeNode,
} from '@app/contracts';
import { stubNarrowerThan } from '../../../test/match-media.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { item, menu, section } from '../../../test/catalog-fixtures.ts';
import { catalogBase, fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { LocalizePage } from './localize-page.tsx';
import { CategoryTranslatePage, ItemTranslatePage } from './translate-pages.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const ROOT = '/admin/localize';

const all = (en: string, ar: string, es: string): LocalizedText => ({ fieldValue: en, en, ar, es });
const titled = (node: TreeNode, title: LocalizedText): TreeNode => Object.assign(node, { title });

// Hummus is translated everywhere; Falafel lacks Spanish; Breakfast lacks Arabic and Spanish;
// Drinks and Mint tea are complete.
function fixture() {
  const hummus = titled(item('Hummus'), all('Hummus', 'حمص', 'Hummus'));
  hummus.variants = [{ id: hummus.variants[0]!.id, price: 2, title: { fieldValue: '' } }];
  const falafel = titled(item('Falafel', { id: '44444444-0000-4000-8000-000000000001' }), {
    fieldValue: 'Falafel',
    ar: 'فلافل',
  });
  falafel.variants = [
    { id: '44444444-0000-4000-8000-000000000002', price: 2, title: { fieldValue: '' } },
  ];
  const breakfast = section('Breakfast', {
    id: '44444444-0000-4000-8000-000000000003',
    children: [hummus, falafel],
  });
  const tea = titled(item('Mint tea'), all('Mint tea', 'شاي بالنعناع', 'Té de menta'));
  const drinks = titled(
    section('Drinks', { children: [tea] }),
    all('Drinks', 'مشروبات', 'Bebidas'),
  );
  return { tree: menu(breakfast, drinks), hummus, falafel, breakfast, drinks, tea };
}

const sauces: ModifierGroupResponse = {
  id: '22222222-0000-4000-8000-000000000001',
  tenantId: TEST_TENANT.tenantId,
  name: 'Sauces',
  localizedTitle: { fieldValue: 'Pick a sauce', ar: 'اختر صلصة', es: 'Elige una salsa' },
  minQuantity: 0,
  maxQuantity: 2,
  allowModifierItemCounter: false,
  modifierItems: [
    {
      id: '22222222-0000-4000-8000-000000000002',
      position: 0,
      active: true,
      price: 0,
      localizedTitle: { fieldValue: 'Garlic', ar: 'ثوم' },
    },
  ],
  posSku: null,
};

afterEach(() => vi.unstubAllGlobals());

/** MUI's xs breakpoint is below 600 px. */
function setPhone(phone: boolean) {
  stubNarrowerThan('599.95px', phone);
}

function renderLocalize(path = ROOT) {
  return renderCatalog(
    <Routes>
      <Route path={ROOT} element={<LocalizePage />}>
        <Route path="item/:id" element={<ItemTranslatePage />} />
        <Route path="category/:id" element={<CategoryTranslatePage />} />
      </Route>
    </Routes>,
    { path },
  );
}

const entry = (name: RegExp | string) => {
  const link = screen.getByRole('link', { name });
  return link.closest('li') as HTMLElement;
};

describe('the translate tree', { timeout: 20_000 }, () => {
  it('shows three roots and marks each entry complete or with the languages it lacks', async () => {
    setPhone(false);
    const { tree, hummus } = fixture();
    fakeServer({
      [`GET ${base}/tree`]: ok(tree),
      [`GET ${base}/modifiergroups`]: ok([sauces]),
    });
    renderLocalize();
    const nav = await screen.findByRole('navigation', { name: 'Menu to translate' });
    for (const root of ['Menu categories', 'Menu items', 'Modifiers']) {
      expect(within(nav).getByRole('button', { name: new RegExp(root) })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    // Items are labelled 'section / item'.
    expect(within(entry('Breakfast / Hummus Complete')).getByText('Complete')).toBeVisible();
    expect(entry(/Breakfast \/ Falafel/)).toHaveTextContent('Missing: Spanish');
    // English is the tenant's admin language: the default text covers it.
    expect(entry(/^Breakfast Missing/)).toHaveTextContent('Missing: Arabic, Spanish');
    expect(entry(/^Drinks Complete/)).toBeInTheDocument();
    expect(entry(/Pick a sauce/)).toHaveTextContent('Missing: Spanish');
    expect(within(nav).getByRole('status')).toHaveTextContent('Still to translate: 3 of 6');
    expect(screen.getByRole('link', { name: /Breakfast \/ Hummus/ })).toHaveAttribute(
      'href',
      `${ROOT}/item/${hummus.id}`,
    );
  });

  it('filters to the untranslated entries, keeping the sections that lead to them', async () => {
    setPhone(false);
    const user = userEvent.setup();
    const { tree } = fixture();
    fakeServer({
      [`GET ${base}/tree`]: ok(tree),
      [`GET ${base}/modifiergroups`]: ok([{ ...sauces, modifierItems: [] }]),
    });
    renderLocalize();
    await screen.findByRole('link', { name: /Breakfast \/ Hummus/ });
    await user.click(screen.getByRole('switch', { name: 'Only untranslated' }));

    const links = within(screen.getByRole('navigation'))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'BreakfastMissing: Arabic, Spanish',
      'Breakfast / FalafelMissing: Spanish',
    ]);
    // The modifiers are all translated: the root says so instead of listing nothing.
    const modifiers = screen.getByRole('group', { name: 'Modifiers' });
    expect(within(modifiers).getByText('Everything here is translated.')).toBeVisible();

    await user.click(screen.getByRole('switch', { name: 'Only untranslated' }));
    expect(screen.getByRole('link', { name: /Mint tea/ })).toBeVisible();
  });
});

describe('the translate forms', { timeout: 30_000 }, () => {
  const hummusItem = (
    title: LocalizedText,
    id: string,
    variantId: string,
  ): CatalogItemResponse => ({
    id,
    categories: ['11111111-0000-4000-8000-000000000001'],
    localizedTitle: title,
    localizedDesc: { fieldValue: 'Chickpeas and tahini', en: 'Chickpeas and tahini' },
    images: [],
    thumbnail: null,
    variants: [{ id: variantId, price: 2, localizedTitle: { fieldValue: '' }, position: 0 }],
    taxes: [],
    active: true,
    outOfStock: false,
    isNew: false,
    enableSpecialRequest: true,
    position: 0,
    modifierGroupIds: [],
    excludedCheckoutTemplates: [],
    excludedBranches: [],
  });

  it('opens beside the tree, types Arabic right to left, holds the bounds and saves', async () => {
    setPhone(false);
    const user = userEvent.setup();
    const { tree, falafel } = fixture();
    const variantId = falafel.variants[0]!.id;
    let stored = hummusItem({ fieldValue: 'Falafel', ar: 'فلافل' }, falafel.id, variantId);
    const server = fakeServer({
      [`GET ${base}/tree`]: ok(tree),
      [`GET ${base}/modifiergroups`]: ok([sauces]),
      [`GET ${base}/catalogitems/${falafel.id}`]: () => Response.json({ results: stored }),
      [`PUT ${base}/catalogitems/${falafel.id}/localization`]: (request: FakeRequest) => {
        const body = JSON.parse(request.body ?? '{}') as { localizedTitle: Translations };
        stored = { ...stored, localizedTitle: { fieldValue: 'Falafel', ...body.localizedTitle } };
        falafel.title = stored.localizedTitle;
        return Response.json({ results: stored });
      },
    });
    renderLocalize();
    await user.click(await screen.findByRole('link', { name: /Breakfast \/ Falafel/ }));

    const form = await screen.findByRole('form', { name: 'Item' });
    // The tree stays beside the form on a wide screen.
    expect(screen.getByRole('navigation', { name: 'Menu to translate' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Falafel' })).toBeVisible();
    const title = within(form).getByRole('group', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('Default text: Falafel');
    const arabic = within(title).getByRole('textbox', { name: 'Arabic' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(arabic).toHaveValue('فلافل');
    expect(within(title).getByRole('textbox', { name: 'Spanish' })).toHaveAttribute('dir', 'ltr');
    // The untitled only variant has nothing to translate.
    expect(within(form).queryByRole('group', { name: /Variant/ })).not.toBeInTheDocument();

    const spanish = within(title).getByRole('textbox', { name: 'Spanish' });
    await user.click(spanish);
    await user.paste('f'.repeat(51));
    await user.click(within(form).getByRole('button', { name: 'Save translations' }));
    await waitFor(() => expect(spanish).toHaveAccessibleDescription('At most 50 characters'));
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(spanish);
    await user.paste('  Faláfel ');
    await user.click(within(form).getByRole('button', { name: 'Save translations' }));
    expect(await screen.findByText('Updated successfully')).toBeVisible();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body ?? '{}')).toMatchObject({
      localizedTitle: { en: '', ar: 'فلافل', es: 'Faláfel' },
      variants: [],
    });
    // The tree reads the menu again and the item is complete now.
    await waitFor(() => expect(entry(/Breakfast \/ Falafel/)).toHaveTextContent('Complete'));
  });

  it('is a page of its own on a phone, with a Back link to the tree', async () => {
    setPhone(true);
    const user = userEvent.setup();
    const { tree, breakfast } = fixture();
    fakeServer({
      [`GET ${base}/tree`]: ok(tree),
      [`GET ${base}/modifiergroups`]: ok([sauces]),
      [`GET ${base}/categories/${breakfast.id}`]: ok({
        id: breakfast.id,
        parentId: null,
        localizedTitle: { fieldValue: 'Breakfast', en: 'Breakfast' },
        localizedDesc: null,
        images: [],
        position: 0,
        active: true,
        hideWhenNotAvailable: false,
        excludedCheckoutTemplates: [],
        schedule: [],
        level: 0,
      }),
    });
    renderLocalize(`${ROOT}/category/${breakfast.id}`);
    expect(await screen.findByRole('form', { name: 'Section' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Menu to translate' })).not.toBeInTheDocument();
    // No description to translate: only the title.
    expect(screen.queryByRole('group', { name: 'Description' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('navigation', { name: 'Menu to translate' })).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('goes back to the tree when the entry cannot be loaded', async () => {
    setPhone(true);
    const { tree } = fixture();
    const gone = '33333333-0000-4000-8000-000000000009';
    fakeServer({
      [`GET ${base}/tree`]: ok(tree),
      [`GET ${base}/modifiergroups`]: ok([sauces]),
    });
    renderLocalize(`${ROOT}/item/${gone}`);
    expect(await screen.findByText('Error, please refresh page!')).toBeVisible();
    expect(await screen.findByRole('navigation', { name: 'Menu to translate' })).toBeVisible();
  });
});
