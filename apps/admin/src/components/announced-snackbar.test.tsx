import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { useNotify } from '../lib/notify.tsx';
import { ANNOUNCED_SNACKBARS } from './announced-snackbar.tsx';

function renderNotify() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SnackbarProvider Components={ANNOUNCED_SNACKBARS}>{children}</SnackbarProvider>
  );
  return renderHook(() => useNotify(), { wrapper }).result.current;
}

describe('AnnouncedSnackbar', () => {
  it('announces a success politely, as a status', async () => {
    const notify = renderNotify();
    act(() => notify.success('Order #12 accepted'));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Order #12 accepted');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a refusal at once, as an alert with its reason, without its buttons', async () => {
    const notify = renderNotify();
    act(() => notify.errorWithRefresh('Unable to save: the order was cancelled meanwhile'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to save: the order was cancelled meanwhile');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    // The Refresh button is beside the message: the announcement is the message alone.
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });

  it('announces information and warnings as a status too', async () => {
    const notify = renderNotify();
    act(() => notify.info('Reconnected'));
    expect(await screen.findByRole('status')).toHaveTextContent('Reconnected');
  });
});
