import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  configureChunkReload,
  isChunkLoadError,
  reloadForFailedChunk,
  reloadOnFailedChunks,
} from './chunk-reload.ts';

const failed = new TypeError(
  'Failed to fetch dynamically imported module: https://admin.example.com/assets/live-orders-page-Ab12.js',
);

function fakeTab(start = 1_000_000) {
  const stored = new Map<string, string>();
  let now = start;
  const deps = {
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    reload: vi.fn(),
    now: () => now,
  };
  return { deps, later: (ms: number) => void (now += ms) };
}

describe('a chunk that fails to load (spec §8: log and reload)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('recognises how Chromium, Firefox and Safari report a missing module', () => {
    expect(isChunkLoadError(failed)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('logs and reloads once, and not again when the chunk is still missing after the reload', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tab = fakeTab();

    expect(reloadForFailedChunk(failed, tab.deps)).toBe(true);
    expect(tab.deps.reload).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('a chunk of the app failed to load', failed);

    // The reloaded page fails again at once: the page shows its error instead of looping.
    tab.later(2_000);
    expect(reloadForFailedChunk(failed, tab.deps)).toBe(false);
    expect(tab.deps.reload).toHaveBeenCalledTimes(1);

    // A later release, long after: reloading helps again.
    tab.later(CHUNK_RELOAD_GUARD_MS + 1);
    expect(reloadForFailedChunk(failed, tab.deps)).toBe(true);
    expect(tab.deps.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the tab cannot remember that it did (no storage, no loop guard)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tab = fakeTab();
    tab.deps.storage.setItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(reloadForFailedChunk(failed, tab.deps)).toBe(false);
    expect(tab.deps.reload).not.toHaveBeenCalled();
  });

  it("answers Vite's preload error event: reloading, the failure is not thrown", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    window.sessionStorage.clear();
    const target = new EventTarget() as Window;
    reloadOnFailedChunks(target);

    const first = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: failed,
    });
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const again = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: failed,
    });
    target.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);
    window.sessionStorage.clear();
  });

  it('opens the page the router was heading to, whose chunk failed, rather than the old one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    window.sessionStorage.clear();
    configureChunkReload({ pendingHref: () => '/admin/catalog/modifiergroups/manage' });
    const target = new EventTarget() as Window;
    reloadOnFailedChunks(target);

    target.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failed }),
    );
    expect(assign).toHaveBeenCalledWith('/admin/catalog/modifiergroups/manage');
    configureChunkReload({ pendingHref: () => null });
    window.sessionStorage.clear();
  });
});
