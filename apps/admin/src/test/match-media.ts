import { vi } from 'vitest';

/**
 * Makes the screen narrower than an MUI breakpoint (`maxWidth`, e.g. '599.95px' for below sm)
 * for the hooks that ask matchMedia; undone by vi.unstubAllGlobals().
 */
export function stubNarrowerThan(maxWidth: string, narrower: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrower && query.includes(maxWidth),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    })),
  );
}
