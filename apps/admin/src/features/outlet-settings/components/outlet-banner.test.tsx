import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { act } from 'react';
import { branch, HARBOUR, OLD_TOWN, renderOutlet } from '../test/render.tsx';
import { BranchStatusText } from './branch-status-text.tsx';
import { OutletBanner } from './outlet-banner.tsx';

const THIRD = '55555555-5555-4555-8555-555555555555';
const FOURTH = '66666666-6666-4666-8666-666666666666';

describe('the admin banner', () => {
  it('shows nothing while every branch takes orders', () => {
    renderOutlet(
      <OutletBanner
        branches={[branch(HARBOUR, 'Harbour'), branch(OLD_TOWN, 'Old Town', { busy: true })]}
        showManageLink
      />,
    );
    expect(screen.queryByTestId('outlet-banner')).toBeNull();
  });

  it('counts branches closed by the admin and those not accepting orders', () => {
    renderOutlet(
      <OutletBanner
        branches={[
          branch(HARBOUR, 'Harbour', { closed: true }),
          // Closed wins: counted once, as closed.
          branch(OLD_TOWN, 'Old Town', { closed: true, acceptingOrders: false }),
          branch(THIRD, 'Third', { acceptingOrders: false }),
          branch(FOURTH, 'Fourth'),
        ]}
        showManageLink
      />,
    );
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent(
      'Branches closed: 2 · Branches not accepting orders: 1',
    );
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/admin/settings');
  });

  it('names only the counts that are not zero', () => {
    renderOutlet(
      <OutletBanner
        branches={[branch(HARBOUR, 'Harbour', { acceptingOrders: false }), branch(OLD_TOWN, 'Old')]}
        showManageLink={false}
      />,
    );
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent(
      /^Branches not accepting orders: 1$/,
    );
    expect(screen.queryByRole('link', { name: 'Manage' })).toBeNull();
  });

  it('speaks of "your branch" when the tenant has one', () => {
    const { rerender } = renderOutlet(
      <OutletBanner branches={[branch(HARBOUR, 'Harbour', { closed: true })]} showManageLink />,
    );
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent(
      'Your branch is closed: customers cannot place orders.',
    );
    rerender(
      <OutletBanner
        branches={[branch(HARBOUR, 'Harbour', { acceptingOrders: false })]}
        showManageLink
      />,
    );
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent(
      'Your branch is not accepting orders right now.',
    );
  });

  it('is translated', async () => {
    renderOutlet(
      <OutletBanner branches={[branch(HARBOUR, 'Harbour', { closed: true })]} showManageLink />,
    );
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent('فرعك مغلق');
  });
});

describe('the top bar status text', () => {
  it('names the one branch and its state', () => {
    const { rerender } = renderOutlet(<BranchStatusText branches={[branch(HARBOUR, 'Harbour')]} />);
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent('Harbour: Accepting orders');
    rerender(<BranchStatusText branches={[branch(HARBOUR, 'Harbour', { closed: true })]} />);
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent('Harbour: Closed');
    rerender(
      <BranchStatusText branches={[branch(HARBOUR, 'Harbour', { acceptingOrders: false })]} />,
    );
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
      'Harbour: Not accepting orders',
    );
    rerender(<BranchStatusText branches={[branch(HARBOUR, 'Harbour', { busy: true })]} />);
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent('Harbour: Busy');
  });

  it('counts the branches taking orders when there are several', () => {
    const { rerender } = renderOutlet(
      <BranchStatusText
        branches={[branch(HARBOUR, 'Harbour'), branch(OLD_TOWN, 'Old Town', { busy: true })]}
      />,
    );
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
      'All branches accepting orders',
    );
    rerender(
      <BranchStatusText
        branches={[branch(HARBOUR, 'Harbour'), branch(OLD_TOWN, 'Old Town', { closed: true })]}
      />,
    );
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
      'Accepting orders: 1 of 2 branches',
    );
  });

  it('shows the branch name in the admin language', async () => {
    renderOutlet(<BranchStatusText branches={[branch(HARBOUR, 'Harbour')]} />);
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
      'فرع Harbour: يستقبل الطلبات',
    );
  });
});
