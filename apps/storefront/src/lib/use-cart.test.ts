import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from './cart.ts';
import { useCart } from './use-cart.ts';

const line: CartLine = {
  id: 'v1||',
  itemId: 'i1',
  variantId: 'v1',
  quantity: 2,
  modifiers: [],
  specialRequest: '',
};
const KEY = 'storefront.cart:branch:PICKUP';

afterEach(() => sessionStorage.clear());

describe('the cart', () => {
  it('is kept in the tab across reloads', () => {
    const first = renderHook(() => useCart('branch:PICKUP'));
    act(() => first.result.current.add(line));
    first.unmount();
    const again = renderHook(() => useCart('branch:PICKUP'));
    expect(again.result.current.lines).toEqual([line]);
  });

  it('is emptied for good when an order leaves the page in the same turn', () => {
    const page = renderHook(() => useCart('branch:PICKUP'));
    act(() => page.result.current.add(line));
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    // The order is placed: the cart is cleared and the status page replaces the checkout.
    page.result.current.clear();
    page.unmount();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(renderHook(() => useCart('branch:PICKUP')).result.current.lines).toEqual([]);
  });
});
