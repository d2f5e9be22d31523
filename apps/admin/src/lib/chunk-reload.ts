/** When this tab last reloaded for a failed chunk (sessionStorage: one tab, survives the reload). */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';
/** A chunk that fails again this soon after the reload is missing for good: no second reload. */
export const CHUNK_RELOAD_GUARD_MS = 30_000;

// How Chromium, Firefox and Safari word a module that could not be fetched, and Vite's preloader.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/** The page a navigation under way is going to (its chunk is what failed), else null. */
let pendingHref: () => string | null = () => null;

/** The app tells where its router is heading, so the reload opens the page the user asked for. */
export function configureChunkReload(options: { pendingHref: () => string | null }): void {
  pendingHref = options.pendingHref;
}

const browser = (): ReloadDeps => ({
  storage: window.sessionStorage,
  reload: () => {
    const href = pendingHref();
    if (href) window.location.assign(href);
    else window.location.reload();
  },
  now: () => Date.now(),
});

/**
 * Spec §8 "Failed chunk load: log and reload": after a new release the files this page was built
 * with are gone, and a reload fetches the new ones. Returns false (no reload) when this tab
 * already reloaded for a failed chunk moments ago, so a chunk that stays missing (or a network
 * that is down) shows the page's error instead of reloading forever.
 */
export function reloadForFailedChunk(error: unknown, deps: ReloadDeps = browser()): boolean {
  console.error('a chunk of the app failed to load', error);
  const now = deps.now();
  let last = NaN;
  try {
    last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY));
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage the guard cannot hold across the reload: better no reload than a loop.
    return false;
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  deps.reload();
  return true;
}

/** Vite reports every failed dynamic import (the chunk or what it preloads) with this event. */
export function reloadOnFailedChunks(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    // Prevented: the import resolves to nothing while the page reloads, instead of throwing.
    if (reloadForFailedChunk(event.payload)) event.preventDefault();
  });
}
