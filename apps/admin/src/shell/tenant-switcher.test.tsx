import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, sessionFor, TEST_TENANT } from '../test/app-render.tsx';
import { TenantSwitcher } from './tenant-switcher.tsx';

const OTHER = {
  ...TEST_TENANT,
  tenantId: '22222222-2222-4222-8222-222222222222',
  localizedName: { fieldValue: 'Second Site' },
};

describe('TenantSwitcher', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('stores the chosen tenant and reloads on the main dashboard', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithApp(<TenantSwitcher />, {
      session: sessionFor('StoreOwner', { tenants: [TEST_TENANT, OTHER] }),
    });

    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Second Site' }));

    expect(window.localStorage.getItem('tenantId')).toBe(OTHER.tenantId);
    expect(assign).toHaveBeenCalledWith('/admin/dashboard/main-dashboard');
    // The new tenant's default language applies after the reload.
    expect(window.sessionStorage.getItem('auth.applyTenantLanguage')).toBe('1');
  });

  it('reloads a role without the dashboard on live orders', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithApp(<TenantSwitcher />, {
      session: sessionFor('StoreManager', {
        tenants: [
          { ...TEST_TENANT, role: 'StoreManager' },
          { ...OTHER, role: 'OrderTaker' },
        ],
      }),
    });

    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Second Site' }));

    expect(window.localStorage.getItem('tenantId')).toBe(OTHER.tenantId);
    expect(assign).toHaveBeenCalledWith('/admin/tickets/manage');
  });

  it('shows a single tenant as text', () => {
    renderWithApp(<TenantSwitcher />);
    expect(screen.getByText('Test Tavern')).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
