import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp, sessionFor, TEST_TENANT } from '../app/test-utils.tsx';
import { SideMenu } from './side-menu.tsx';

function menuLinkNames(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('SideMenu', () => {
  it('shows a store owner their entries', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('StoreOwner') });
    expect(menuLinkNames()).toEqual([
      'Dashboard',
      'Live orders',
      'All tickets report',
      'Manage catalog',
      'Price adjustments',
      'Modifier groups',
      'Localize menu',
      'Discounts',
      'Accept/pause orders',
      'Branch/store settings',
      'Logout',
    ]);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows an order taker only live orders and logout', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('OrderTaker') });
    expect(menuLinkNames()).toEqual(['Live orders', 'Logout']);
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows a store manager their entries', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('StoreManager') });
    expect(menuLinkNames()).toEqual([
      'Live orders',
      'Manage catalog',
      'Price adjustments',
      'Discounts',
      'Accept/pause orders',
      'Logout',
    ]);
  });

  it('hides catalogue and localize entries from an integrated tenant', () => {
    const session = sessionFor('StoreOwner', { tenants: [{ ...TEST_TENANT, isIntegrated: true }] });
    renderWithApp(<SideMenu />, { session });
    expect(menuLinkNames()).not.toContain('Manage catalog');
    expect(menuLinkNames()).not.toContain('Localize menu');
    expect(menuLinkNames()).toContain('Modifier groups');
  });

  it('shows a super admin only the tenants and unverified tickets', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('SuperAdmin', { tenantId: null }) });
    expect(menuLinkNames()).toEqual(['Tenants', 'Unverified tickets', 'Logout']);
  });

  it('offers login when nobody is signed in', () => {
    renderWithApp(<SideMenu />, { session: { user: null, tenantId: null, tenants: [] } });
    expect(menuLinkNames()).toEqual(['Login']);
  });

  it('marks the current page and shows the live orders count', () => {
    renderWithApp(<SideMenu liveOrdersCount={5} />, { path: '/admin/settings/profile/abc' });
    expect(screen.getByRole('link', { name: 'Branch/store settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Accept/pause orders' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByLabelText('5 new or unverified')).toHaveTextContent('5');
  });
});
