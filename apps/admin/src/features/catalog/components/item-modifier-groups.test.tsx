import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok, catalogBase } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ItemModifierGroups } from './item-modifier-groups.tsx';

const base = new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname;
const group = (id: string, name: string) => ({
  id,
  tenantId: TEST_TENANT.tenantId,
  name,
  localizedTitle: { fieldValue: name },
  minQuantity: 0,
  maxQuantity: 1,
  allowModifierItemCounter: false,
  modifierItems: [],
  posSku: null,
});
const SAUCES = '22222222-0000-4000-8000-000000000001';
const EXTRAS = '22222222-0000-4000-8000-000000000002';
const SIDES = '22222222-0000-4000-8000-000000000003';
const groups = [group(SAUCES, 'Sauces'), group(EXTRAS, 'Extras'), group(SIDES, 'Sides')];

afterEach(() => vi.unstubAllGlobals());

function Harness({ initial, onChange }: { initial: string[]; onChange: (ids: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ItemModifierGroups
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

const titles = () =>
  screen.queryAllByTestId(/^modifier-group-\d+$/).map((row) => row.textContent?.trim());

describe('the item modifier groups', () => {
  it('lists the attached groups in order, adds one of the others, removes and reorders', async () => {
    const user = userEvent.setup();
    fakeServer({ [`GET ${base}/modifiergroups`]: ok(groups) });
    const onChange = vi.fn();
    renderCatalog(<Harness initial={[EXTRAS, SAUCES]} onChange={onChange} />);
    expect(await screen.findByText('Extras')).toBeVisible();
    expect(titles()).toEqual(['Extras', 'Sauces']);

    // Only the groups not attached yet are offered.
    await user.click(screen.getByRole('combobox', { name: 'Add modifier group' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Sides']);
    await user.click(options[0]!);
    expect(onChange).toHaveBeenLastCalledWith([EXTRAS, SAUCES, SIDES]);
    expect(titles()).toEqual(['Extras', 'Sauces', 'Sides']);
    expect(screen.queryByRole('combobox', { name: 'Add modifier group' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Sauces' }));
    expect(onChange).toHaveBeenLastCalledWith([EXTRAS, SIDES]);
    expect(titles()).toEqual(['Extras', 'Sides']);

    // Keyboard sorting: pick up Sides, move it up, drop.
    screen.getByRole('button', { name: 'Reorder Sides' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([SIDES, EXTRAS]);
  });

  it('tells groups titled alike apart by their names', async () => {
    const user = userEvent.setup();
    const titled = (id: string, name: string) => ({
      ...group(id, name),
      localizedTitle: { fieldValue: 'Sauce' },
    });
    fakeServer({
      [`GET ${base}/modifiergroups`]: ok([
        titled(SAUCES, 'Burger sauces'),
        titled(EXTRAS, 'Grill sauces'),
        group(SIDES, 'Sides'),
      ]),
    });
    renderCatalog(<Harness initial={[SAUCES]} onChange={() => undefined} />);
    expect(await screen.findByText('Sauce · Burger sauces')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Add modifier group' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // A name that is its title is not said twice.
    expect(options.map((o) => o.textContent)).toEqual(['Sauce · Grill sauces', 'Sides']);
  });

  it('says when the tenant has no groups, and shows a field error', async () => {
    fakeServer({ [`GET ${base}/modifiergroups`]: ok([]) });
    renderCatalog(
      <ItemModifierGroups value={[]} onChange={() => undefined} error="Not there any more" />,
    );
    expect(await screen.findByText('There are no modifier groups to add yet.')).toBeVisible();
    expect(screen.getByText('Not there any more')).toBeVisible();
  });
});
