import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SidePanelProvider, useSidePanel } from './side-panel.tsx';

function Opener() {
  const { openPanel } = useSidePanel();
  return (
    <button onClick={() => openPanel(<p>Ticket details</p>, { title: 'Ticket 42' })}>open</button>
  );
}

describe('SidePanelProvider', () => {
  it('opens a panel with the given content and closes it on Escape', async () => {
    render(
      <SidePanelProvider>
        <Opener />
      </SidePanelProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const panel = await screen.findByRole('dialog', { name: 'Ticket 42' });
    expect(panel).toHaveTextContent('Ticket details');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes from its close button', async () => {
    render(
      <SidePanelProvider>
        <Opener />
      </SidePanelProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
