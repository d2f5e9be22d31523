import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TENANT } from '../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../test/fake-server.ts';
import { item, menu, section } from '../test/catalog-fixtures.ts';
import { renderCatalog } from '../test/render-feature.tsx';
import {
  VARIANTS_PICKER_LIST_HEIGHT,
  VariantsPickerDialog,
  filterVariants,
  pickableVariants,
} from './variants-picker-dialog.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const v = (id: string, title: string, price: number) => ({
  id,
  price,
  title: { fieldValue: title },
});
const KUNAFA_S = '11111111-0000-4000-8000-000000000001';
const KUNAFA_L = '11111111-0000-4000-8000-000000000002';
const HUMMUS = '11111111-0000-4000-8000-000000000003';
const TEA = '11111111-0000-4000-8000-000000000004';
const root = menu(
  section('Desserts', {
    children: [
      item('Kunafa', { variants: [v(KUNAFA_S, 'Small', 3.5), v(KUNAFA_L, 'Large', 6)] }),
      section('Dips', { children: [item('Hummus', { variants: [v(HUMMUS, '', 2)] })] }),
    ],
  }),
  section('Drinks', { children: [item('Tea', { variants: [v(TEA, '', 1)] })] }),
);

afterEach(() => vi.unstubAllGlobals());

describe('pickableVariants and filterVariants', () => {
  it('lists every variant of every item in menu order, and filters by item or variant title', () => {
    const all = pickableVariants(root, 'en');
    expect(all.map((x) => x.id)).toEqual([KUNAFA_S, KUNAFA_L, HUMMUS, TEA]);
    expect(all[1]).toEqual({ id: KUNAFA_L, itemTitle: 'Kunafa', variantTitle: 'Large', price: 6 });
    expect(filterVariants(all, ' kun ').map((x) => x.id)).toEqual([KUNAFA_S, KUNAFA_L]);
    expect(filterVariants(all, 'LARGE').map((x) => x.id)).toEqual([KUNAFA_L]);
    expect(filterVariants(all, '')).toHaveLength(4);
  });
});

describe('the variants picker dialog', () => {
  const open = (props: { excludeIds?: string[] } = {}) => {
    const onAdd = vi.fn();
    const onCancel = vi.fn();
    const server = fakeServer({ [`GET ${base}/tree`]: ok(root) });
    renderCatalog(<VariantsPickerDialog open onAdd={onAdd} onCancel={onCancel} {...props} />);
    return { onAdd, onCancel, server };
  };

  it('searches, selects all of the filtered list, counts and returns the chosen ids', async () => {
    const user = userEvent.setup();
    const { onAdd, server } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Select items' });
    const list = await within(dialog).findByRole('list', { name: 'Menu items' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(list).getByRole('checkbox', { name: /Kunafa\s*Large/ })).toBeInTheDocument();
    expect(server.requests[0]!.url.pathname).toBe(`${base}/tree`);
    expect(screen.getByTestId('variants-picker-list')).toHaveStyle({
      height: `${VARIANTS_PICKER_LIST_HEIGHT}px`,
    });
    const add = within(dialog).getByRole('button', { name: 'Add selected items' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected: 0');

    // The search box has the focus; typing filters the list.
    const search = within(dialog).getByRole('searchbox', { name: 'Search items' });
    expect(search).toHaveFocus();
    await user.keyboard('kunafa');
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);

    // Select All takes only the filtered variants.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select All' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected: 2');

    // Back to everything: Select All is now partly checked; the keyboard ticks one more.
    await user.clear(search);
    const selectAll = within(dialog).getByRole('checkbox', { name: 'Select All' });
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');
    within(list).getByRole('checkbox', { name: /Tea/ }).focus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected: 3');

    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith([KUNAFA_S, KUNAFA_L, TEA]);
  });

  it('leaves out excluded variants, unticks the filtered list and cancels', async () => {
    const user = userEvent.setup();
    const { onAdd, onCancel } = open({ excludeIds: [TEA] });
    const dialog = await screen.findByRole('dialog', { name: 'Select items' });
    const list = await within(dialog).findByRole('list', { name: 'Menu items' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(3);
    const selectAll = within(dialog).getByRole('checkbox', { name: 'Select All' });
    await user.click(selectAll);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected: 3');
    await user.click(selectAll);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Selected: 0');
    await user.type(within(dialog).getByRole('searchbox'), 'pizza');
    expect(within(dialog).getByText('No items match your search.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
