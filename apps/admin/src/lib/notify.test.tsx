import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { SNACKBAR_ANCHOR, SNACKBAR_DURATION, useNotify, type Notify } from './notify.tsx';

let notify: Notify;

/** Small steps, so timers React schedules while rendering also run within the span. */
async function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(100, ms - elapsed)));
  }
}

const isShown = (text: string) => {
  const element = screen.queryByText(text);
  return element !== null && isVisible(element);
};

/** Shows one snackbar and reports whether it is still on screen just before and after `ms`. */
async function visibleAround(show: () => void, text: string, ms: number) {
  act(show);
  await advance(ms - 100);
  const before = isShown(text);
  await advance(1_000);
  const after = isShown(text);
  return { before, after };
}

/** Hidden snackbars stay in the DOM with visibility: hidden until their exit completes. */
function isVisible(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = window.getComputedStyle(node);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
  }
  return true;
}

describe('useNotify', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A provider whose own default duration matches none of the helpers'.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SnackbarProvider autoHideDuration={60_000}>{children}</SnackbarProvider>
    );
    notify = renderHook(() => useNotify(), { wrapper }).result.current;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('uses the durations of spec §9 and shows at the top', () => {
    expect(SNACKBAR_DURATION).toMatchObject({
      success: 2_000,
      default: 10_000,
      errorWithRefresh: 20_000,
    });
    expect(SNACKBAR_ANCHOR.vertical).toBe('top');
  });

  it('hides a success message after 2 s', async () => {
    const seen = await visibleAround(() => notify.success('Saved'), 'Saved', 2_000);
    expect(seen).toEqual({ before: true, after: false });
  });

  it('hides an info message after 10 s', async () => {
    const seen = await visibleAround(() => notify.info('Later'), 'Later', 10_000);
    expect(seen).toEqual({ before: true, after: false });
  });

  it('hides an error after 10 s', async () => {
    const seen = await visibleAround(() => notify.error('Nope'), 'Nope', 10_000);
    expect(seen).toEqual({ before: true, after: false });
  });

  it('keeps an error-with-refresh for 20 s and reloads from its action', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const seen = await visibleAround(
      () => notify.errorWithRefresh(),
      'Error, please refresh page!',
      20_000,
    );
    expect(seen).toEqual({ before: true, after: false });

    act(() => notify.errorWithRefresh('Could not load'));
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(reload).toHaveBeenCalledOnce();
  });
});
