import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithApp, sessionFor, signedOutSession, TEST_TENANT } from '../test/app-render.tsx';
import { MANAGER_MENU, ORDER_TAKER_MENU, OWNER_MENU } from '../test/role-menus.ts';
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
    expect(menuLinkNames()).toEqual(OWNER_MENU);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Dine-in payments' })).toBeInTheDocument();
  });

  it('shows a store manager the menu area of menu-management §6 but no owner pages', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('StoreManager') });
    expect(menuLinkNames()).toEqual(MANAGER_MENU);
  });

  it('shows an order taker live orders, the report and logout', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('OrderTaker') });
    expect(menuLinkNames()).toEqual(ORDER_TAKER_MENU);
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('keeps the catalogue and hides localize from an integrated tenant', () => {
    const integrated = (role: 'StoreOwner' | 'StoreManager') =>
      sessionFor(role, { tenants: [{ ...TEST_TENANT, role, isIntegrated: true }] });
    renderWithApp(<SideMenu />, { session: integrated('StoreOwner') });
    expect(menuLinkNames()).toContain('Main sections');
    expect(menuLinkNames()).toContain('Menus');
    expect(menuLinkNames()).toContain('Price adjustments');
    expect(menuLinkNames()).not.toContain('Translate menu');
    // The point of sale owns the menu: its codes are mapped, nothing is bulk uploaded.
    expect(menuLinkNames()).toContain('POS mapping');
    expect(menuLinkNames()).not.toContain('Bulk upload');
    cleanup();

    renderWithApp(<SideMenu />, { session: integrated('StoreManager') });
    expect(menuLinkNames()).toEqual([
      'Live orders',
      'Orders report',
      'Main sections',
      'Modifier groups',
      'Per-table payment methods',
      'Discounts',
      'Accept/pause orders',
      'Printers',
      'Activity',
      'Logout',
    ]);
  });

  it('shows a super admin only the tenants and unverified tickets', () => {
    renderWithApp(<SideMenu />, { session: sessionFor('SuperAdmin') });
    expect(menuLinkNames()).toEqual(['Tenants', 'Unverified tickets', 'Logout']);
  });

  it('offers login when nobody is signed in, and nothing while the session loads', () => {
    renderWithApp(<SideMenu />, { session: signedOutSession });
    expect(menuLinkNames()).toEqual(['Login']);
    cleanup();

    renderWithApp(<SideMenu />, { session: { ...signedOutSession, status: 'loading' } });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryAllByRole('link')).toEqual([]);
  });

  it('marks the current page and shows the live orders count', () => {
    renderWithApp(<SideMenu liveOrdersCount={5} />, {
      path: '/admin/catalog/v2/categories/abc',
    });
    expect(screen.getByRole('link', { name: 'Main sections' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByLabelText('5 new or unverified')).toHaveTextContent('5');
  });

  it("marks 'Per-table payment methods' on any branch's table payment page, not the branch settings", () => {
    renderWithApp(<SideMenu />, {
      path: '/admin/settings/profile/33333333-3333-4333-8333-333333333333/serviceareas-paymentmethods',
    });
    expect(screen.getByRole('link', { name: 'Per-table payment methods' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Branch/store settings' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});
