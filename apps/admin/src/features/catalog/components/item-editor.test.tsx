import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ItemEditor } from './item-editor.tsx';

const SECTION = '55555555-5555-4555-8555-555555555555';
const ITEM = '66666666-6666-4666-8666-666666666666';
const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;

function Opener() {
  const { openPanel } = useSidePanel();
  return (
    <button
      onClick={() =>
        openPanel(<ItemEditor sectionId={SECTION} sectionTitle="Desserts" itemId={null} />, {
          title: 'Add Item',
        })
      }
    >
      open
    </button>
  );
}

const saved = (body: Record<string, unknown>) => ({
  ...body,
  id: ITEM,
  images: [],
  thumbnail: null,
  localizedDesc: null,
  outOfStock: false,
  taxes: [],
  modifierGroupIds: [],
  variants: (body.variants as { price: string; localizedTitle: unknown }[]).map((v, i) => ({
    id: `7777777${i}-7777-4777-8777-777777777777`,
    price: Number(v.price),
    localizedTitle: v.localizedTitle,
    position: i,
  })),
});

afterEach(() => vi.unstubAllGlobals());

describe('the item editor', () => {
  it('shows the limits of the contract as messages and sends nothing while invalid', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ [`GET ${base}/modifiergroups`]: ok([]) });
    renderCatalog(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Item' });

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const title = within(panel).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('This field is required');
    const price = within(panel).getByRole('textbox', { name: 'Variant 1 price' });
    expect(price).toHaveAccessibleDescription('This field is required');

    await user.click(title);
    await user.paste('x'.repeat(60));
    await user.type(price, '100001');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('At most 59 characters'));
    expect(price).toHaveAccessibleDescription('Price between 0 and 100,000');

    await user.clear(price);
    await user.type(price, '-1');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    // The rule's own message (§5: 0 to 100000): a negative price is out of range.
    await waitFor(() => expect(price).toHaveAccessibleDescription('Price between 0 and 100,000'));

    // Two variants need titles: the contract's own rule, alone once the rest is valid.
    await user.clear(title);
    await user.type(title, 'Kunafa');
    await user.clear(price);
    await user.type(price, '3.5');
    await user.click(within(panel).getByRole('button', { name: 'Add variant' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 2 price' }), '6');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(panel).getByRole('textbox', { name: 'Variant 1 title' }),
      ).toHaveAccessibleDescription('A title is required when the item has more than one variant'),
    );
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    // Many typed keystrokes: a wait for a loaded machine, not a speed limit.
  }, 40_000);

  it('shows the variant title rule together with the other errors', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ [`GET ${base}/modifiergroups`]: ok([]) });
    renderCatalog(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 1 price' }), '1.2345');
    await user.click(within(panel).getByRole('button', { name: 'Add variant' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(panel).getByRole('textbox', { name: 'Variant 1 title' }),
      ).toHaveAccessibleDescription('A title is required when the item has more than one variant'),
    );
    expect(within(panel).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(
      within(panel).getByRole('textbox', { name: 'Variant 1 price' }),
    ).toHaveAccessibleDescription('Enter a price between 0 and 100,000, with up to 3 decimals');
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    // Filled, the variant titles are fine at once; an item not saved yet offers no Delete.
    for (const n of [1, 2]) {
      const title = within(panel).getByRole('textbox', { name: `Variant ${n} title` });
      await user.type(title, `Size ${n}`);
      await waitFor(() => expect(title).not.toHaveAttribute('aria-invalid', 'true'));
      expect(title).not.toHaveAccessibleDescription(/A title is required/);
    }
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('creates the item, then switches to edit mode with the variants read back', async () => {
    const user = userEvent.setup();
    let created: Record<string, unknown> | undefined;
    const server = fakeServer({
      [`POST ${base}/catalogitems`]: ({ body }) => {
        created = saved(JSON.parse(body!) as Record<string, unknown>);
        return Response.json({ results: created }, { status: 201 });
      },
      [`GET ${base}/catalogitems/${ITEM}/variants`]: () =>
        Response.json({ results: (created as { variants: unknown[] }).variants }),
      [`GET ${base}/catalogitems/${ITEM}`]: () => Response.json({ results: created }),
      [`GET ${base}/tree`]: ok({ id: TEST_TENANT.tenantId, children: [] }),
      [`GET ${base}/modifiergroups`]: ok([]),
    });
    renderCatalog(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), 'Kunafa');
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 1 title' }), 'Small');
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 1 price' }), '3.5');
    await user.click(within(panel).getByRole('button', { name: 'Add variant' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 2 title' }), 'Large');
    await user.type(within(panel).getByRole('textbox', { name: 'Variant 2 price' }), '6.25');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('dialog', { name: 'Edit Item' })).toBeVisible();
    expect(await screen.findByText('Created successfully')).toBeVisible();
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({
      categories: [SECTION],
      localizedTitle: { fieldValue: 'Kunafa' },
      variants: [
        { price: '3.500', localizedTitle: { fieldValue: 'Small' }, position: 0 },
        { price: '6.250', localizedTitle: { fieldValue: 'Large' }, position: 1 },
      ],
      active: true,
      isNew: false,
      enableSpecialRequest: true,
      position: 999,
      taxes: [],
    });
    expect(server.requests.some((r) => r.url.pathname.endsWith(`${ITEM}/variants`))).toBe(true);
    const editPanel = screen.getByRole('dialog', { name: 'Edit Item' });
    expect(within(editPanel).getByRole('textbox', { name: 'Variant 2 price' })).toHaveValue('6.25');
  });
});
