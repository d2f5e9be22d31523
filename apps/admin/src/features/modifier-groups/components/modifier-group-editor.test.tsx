import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ModifierGroupEditor } from './modifier-group-editor.tsx';

const GROUP = '22222222-0000-4000-8000-000000000001';
const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;

function Opener({ groupId = null }: { groupId?: string | null }) {
  const { openPanel } = useSidePanel();
  return (
    <button
      onClick={() =>
        openPanel(<ModifierGroupEditor groupId={groupId} />, {
          title: groupId ? 'Edit choice and modifier' : 'Add choice and modifier',
        })
      }
    >
      open
    </button>
  );
}

const item = (i: number) => ({
  id: `33333333-0000-4000-8000-${String(i).padStart(12, '0')}`,
  position: i,
  active: true,
  price: 0,
  localizedTitle: { fieldValue: `Choice ${i}` },
});
const group = (extra: Record<string, unknown> = {}) => ({
  id: GROUP,
  tenantId: TEST_TENANT.tenantId,
  name: 'Sauces',
  localizedTitle: { fieldValue: 'Pick a sauce' },
  minQuantity: 0,
  maxQuantity: 3,
  allowModifierItemCounter: true,
  modifierItems: [item(0), item(1)],
  posSku: 'SKU-9',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

async function openEditor(groupId: string | null) {
  const user = userEvent.setup();
  renderCatalog(<Opener groupId={groupId} />);
  await user.click(screen.getByRole('button', { name: 'open' }));
  const panel = await screen.findByRole('dialog', {
    name: groupId ? 'Edit choice and modifier' : 'Add choice and modifier',
  });
  return { user, panel };
}

describe('the modifier group editor', () => {
  it('offers items only with a name, sends a new group and switches to edit mode', async () => {
    const server = fakeServer({
      [`POST ${base}/modifiergroups/`]: (request) =>
        Response.json(
          { results: { ...group(), ...JSON.parse(request.body!), id: GROUP, modifierItems: [] } },
          { status: 201 },
        ),
      [`GET ${base}/modifiergroups/${GROUP}/linkedcatalogitems`]: ok([]),
      [`GET ${base}/modifiergroups`]: ok([]),
    });
    const { user, panel } = await openEditor(null);
    expect(within(panel).getByText('Not used yet!')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Add item modifier' })).toBeNull();
    expect(within(panel).getByText('Enter the group name to add modifier items.')).toBeVisible();

    await user.type(within(panel).getByRole('textbox', { name: 'Name' }), 'Extras');
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), 'Add extras');
    await user.click(within(panel).getByRole('button', { name: 'Add item modifier' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Modifier item 1' }), 'Cheese');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    // §4: after the create the editor is in edit mode with the returned id.
    const edit = await screen.findByRole('dialog', { name: 'Edit choice and modifier' });
    expect(await within(edit).findByRole('textbox', { name: 'Name' })).toHaveValue('Extras');
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({
      name: 'Extras',
      localizedTitle: { fieldValue: 'Add extras' },
      minQuantity: 0,
      maxQuantity: 1,
      tenantId: TEST_TENANT.tenantId,
      modifierItems: [
        { position: 0, active: true, price: '0', localizedTitle: { fieldValue: 'Cheese' } },
      ],
    });
  });

  it('switches the counter off at max 1 and disables it when min and max are both 1', async () => {
    fakeServer({
      [`GET ${base}/modifiergroups/${GROUP}`]: ok(group()),
      [`GET ${base}/modifiergroups/${GROUP}/linkedcatalogitems`]: ok([
        { id: '44444444-0000-4000-8000-000000000001', localizedTitle: { fieldValue: 'Wrap' } },
      ]),
    });
    const { user, panel } = await openEditor(GROUP);
    const linked = await within(panel).findByRole('region', {
      name: 'Used in the following Items',
    });
    expect(within(linked).getByText('Wrap')).toBeVisible();
    const counter = within(panel).getByRole('checkbox', {
      name: 'Allow a quantity for each choice',
    });
    expect(counter).toBeChecked();
    expect(counter).toBeEnabled();

    const max = within(panel).getByRole('spinbutton', { name: 'Maximum quantity' });
    await user.clear(max);
    await user.type(max, '1');
    expect(counter).not.toBeChecked();
    expect(counter).toBeEnabled();

    const min = within(panel).getByRole('spinbutton', { name: 'Minimum quantity' });
    await user.clear(min);
    await user.type(min, '1');
    expect(counter).toBeDisabled();
  });

  it('shows the contract limits and the 0–50 quantity messages', async () => {
    const server = fakeServer({
      [`GET ${base}/modifiergroups/${GROUP}`]: ok(group()),
      [`GET ${base}/modifiergroups/${GROUP}/linkedcatalogitems`]: ok([]),
    });
    const { user, panel } = await openEditor(GROUP);
    const max = await within(panel).findByRole('spinbutton', { name: 'Maximum quantity' });
    await user.clear(max);
    await user.type(max, '51');
    const text = within(panel).getByRole('textbox', { name: 'Modifier item 1' });
    await user.clear(text);
    const price = within(panel).getByRole('textbox', { name: 'Price of item 2' });
    await user.clear(price);
    await user.type(price, '100001');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(max).toHaveAccessibleDescription('Maximum quantity must be between 0 and 50'),
    );
    expect(text).toHaveAccessibleDescription('This field is required');
    expect(price).toHaveAccessibleDescription('Price between 0 and 100,000');
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('removes a modifier item only after confirmation, and hides one with its toggle', async () => {
    const server = fakeServer({
      [`GET ${base}/modifiergroups/${GROUP}`]: ok(group()),
      [`GET ${base}/modifiergroups/${GROUP}/linkedcatalogitems`]: ok([]),
      [`PUT ${base}/modifiergroups/${GROUP}`]: () => ok(group({ modifierItems: [item(1)] }))(),
    });
    const { user, panel } = await openEditor(GROUP);
    await user.click(await within(panel).findByRole('switch', { name: 'Show Choice 1' }));
    expect(within(panel).getByText('Hide')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Delete Choice 0' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete modifier item' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(within(panel).getByRole('textbox', { name: 'Modifier item 1' })).toHaveValue('Choice 0');
    await user.click(within(panel).getByRole('button', { name: 'Delete Choice 0' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete modifier item' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('textbox', { name: 'Modifier item 1' })).toHaveValue(
        'Choice 1',
      ),
    );

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body!);
    expect(put.modifierItems).toEqual([
      expect.objectContaining({ id: item(1).id, position: 0, active: false }),
    ]);
    // Kept as the POS mapping screen set it.
    expect(put.posSku).toBe('SKU-9');
  });
});
