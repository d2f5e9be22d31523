import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConnectionDot, type ConnectionState } from './connection-dot.tsx';

describe('ConnectionDot', () => {
  it.each<[ConnectionState, string]>([
    ['connected', 'Live updates connected'],
    ['connecting', 'Connecting to live updates'],
    ['reconnecting', 'Reconnecting to live updates'],
    ['disconnected', 'Live updates disconnected'],
  ])('names the %s state', (state, label) => {
    render(<ConnectionDot state={state} />);
    expect(screen.getByRole('img', { name: label })).toHaveAttribute('data-state', state);
  });
});
