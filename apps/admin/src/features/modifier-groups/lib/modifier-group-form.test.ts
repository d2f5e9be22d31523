import { describe, expect, it } from 'vitest';
import { MODIFIER_GROUP_LIMITS } from '@app/contracts';
import {
  canAddModifierItem,
  counterLocked,
  modifierGroupFieldFor,
  modifierGroupResolver,
  newModifierGroupForm,
  newModifierItem,
  toModifierGroupBody,
} from './modifier-group-form.ts';

const resolve = (values: Parameters<typeof modifierGroupResolver>[0]) =>
  modifierGroupResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the modifier group form rules', () => {
  it("offers 'Add item modifier' only with a name and fewer than 51 items", () => {
    expect(canAddModifierItem('', 0)).toBe(false);
    expect(canAddModifierItem('   ', 0)).toBe(false);
    expect(canAddModifierItem('Sauces', 0)).toBe(true);
    expect(canAddModifierItem('Sauces', MODIFIER_GROUP_LIMITS.maxItems - 1)).toBe(true);
    expect(canAddModifierItem('Sauces', MODIFIER_GROUP_LIMITS.maxItems)).toBe(false);
  });

  it('locks the item counter only when min and max are both 1', () => {
    expect(counterLocked('1', '1')).toBe(true);
    expect(counterLocked(' 1', '1 ')).toBe(true);
    expect(counterLocked('0', '1')).toBe(false);
    expect(counterLocked('1', '2')).toBe(false);
    expect(counterLocked('', '1')).toBe(false);
  });

  it('refuses a minimum the active choices cannot reach, as the server does', async () => {
    const choice = (title: string) => ({
      ...newModifierItem(),
      localizedTitle: { fieldValue: title },
      price: '0',
    });
    const form = {
      ...newModifierGroupForm(),
      name: 'Sauces',
      localizedTitle: { fieldValue: 'Sauce' },
      minQuantity: '5',
      maxQuantity: '6',
      allowModifierItemCounter: false,
      modifierItems: [choice('A'), choice('B'), choice('C')],
    };
    expect((await resolve(form)).errors).toMatchObject({
      minQuantity: { message: 'error_modifierGroups_minimumQuantity_choices' },
    });
    expect((await resolve({ ...form, allowModifierItemCounter: true })).errors).toEqual({});
    expect((await resolve({ ...form, minQuantity: '3' })).errors).toEqual({});
  });

  it('writes positions in list order and keeps the POS SKU', () => {
    const form = {
      ...newModifierGroupForm(),
      name: 'Sauces',
      localizedTitle: { fieldValue: 'Sauce' },
      maxQuantity: '2',
      modifierItems: [
        { ...newModifierItem(), localizedTitle: { fieldValue: 'B' }, price: ' 0.5 ' },
        { ...newModifierItem(), id: 'x', localizedTitle: { fieldValue: 'A' } },
      ],
    };
    const body = toModifierGroupBody(form, null);
    expect(body.maxQuantity).toBe(2);
    expect(
      body.modifierItems?.map((i) => [i.position, i.localizedTitle.fieldValue, i.price]),
    ).toEqual([
      [0, 'B', '0.5'],
      [1, 'A', '0'],
    ]);
    expect(body.posSku).toBeNull();
  });

  it('puts the contract codes on the controls, blank quantities included', async () => {
    const result = await resolve({
      ...newModifierGroupForm(),
      minQuantity: '',
      maxQuantity: '51',
      modifierItems: [{ ...newModifierItem(), price: '100001' }],
    });
    expect(result.errors).toMatchObject({
      name: { message: 'required' },
      localizedTitle: { fieldValue: { message: 'required' } },
      minQuantity: { message: 'error_modifierGroups_minimumQuantity_range' },
      maxQuantity: { message: 'error_modifierGroups_maximumQuantity_range' },
      modifierItems: [
        {
          localizedTitle: { fieldValue: { message: 'required' } },
          price: { message: 'price_range' },
        },
      ],
    });
  });

  it('maps the server’s 422 fields to controls', () => {
    expect(modifierGroupFieldFor('localizedTitle')).toBe('localizedTitle.fieldValue');
    expect(modifierGroupFieldFor('modifierItems.3.localizedTitle')).toBe(
      'modifierItems.3.localizedTitle.fieldValue',
    );
    expect(modifierGroupFieldFor('modifierItems.3.price')).toBe('modifierItems.3.price');
    expect(modifierGroupFieldFor('modifierItems')).toBe('modifierItems.root');
    expect(modifierGroupFieldFor('modifierItems.0.id')).toBeNull();
    expect(modifierGroupFieldFor('tenantId')).toBeNull();
  });
});
