import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/app-render.tsx';
import { LazyTooltip } from './lazy-tooltip.tsx';

function Bar() {
  return (
    <>
      <button>Before</button>
      <LazyTooltip title="Version 1.2.3">
        <span>v1.2.3</span>
      </LazyTooltip>
      <LazyTooltip title="Change language">
        <button aria-label="Change language">A</button>
      </LazyTooltip>
    </>
  );
}

describe('a tooltip loaded on demand', () => {
  it('names its child by the title before any code loads', () => {
    renderWithApp(<Bar />);
    expect(screen.getByLabelText('Version 1.2.3')).toHaveTextContent('v1.2.3');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens for the mouse over its child, and closes when it leaves', async () => {
    const user = userEvent.setup();
    renderWithApp(<Bar />);
    await user.hover(screen.getByText('v1.2.3'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Version 1.2.3');
    await user.unhover(screen.getByText('v1.2.3'));
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens for a keyboard focus, keeping the focus on the child, and closes on leaving', async () => {
    const user = userEvent.setup();
    renderWithApp(<Bar />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Change language');
    expect(screen.getByRole('button', { name: 'Change language' })).toHaveFocus();
    await user.tab({ shift: true });
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('leaves a click on its child to the child', async () => {
    const user = userEvent.setup();
    let clicks = 0;
    renderWithApp(
      <LazyTooltip title="Change language">
        <button aria-label="Change language" onClick={() => (clicks += 1)}>
          A
        </button>
      </LazyTooltip>,
    );
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    expect(clicks).toBe(1);
  });
});
