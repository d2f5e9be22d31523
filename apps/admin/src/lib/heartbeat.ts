import { useEffect } from 'react';
import { platformRoutes } from '@app/contracts';
import { APP_VERSION } from './version.ts';
import { callApi } from './api-client.ts';

/** Spec §7.4 and §9: the version check runs every 5 minutes. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60_000;
/** Spec §4.6: the app reloads itself for a newer version at most once a minute. */
export const MIN_RELOAD_GAP_MS = 60_000;
export const LAST_RELOAD_STORAGE_KEY = 'heartbeat.lastReloadAt';

export interface HeartbeatDeps {
  /** Whether the server serves a newer version than this build. */
  checkForUpdate: () => Promise<boolean>;
  reload: () => void;
  now: () => number;
  /** Where the last reload time is kept (sessionStorage: per tab, survives the reload). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

/** GET api/admin/heartbeat/update?v=<this build's version>, reading results.refresh. */
export const checkForUpdate = async (): Promise<boolean> => {
  const results = await callApi(platformRoutes.heartbeat, { query: { v: APP_VERSION } });
  return results.refresh;
};

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const defaultDeps = (): HeartbeatDeps => ({
  checkForUpdate,
  reload: () => window.location.reload(),
  now: () => Date.now(),
  storage: sessionStorageOrUndefined(),
});

function lastReloadAt(storage: HeartbeatDeps['storage']): number | null {
  try {
    const value = Number(storage?.getItem(LAST_RELOAD_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * One check: reloads when the server has a newer version, unless this tab already reloaded
 * for one less than a minute ago (a server that keeps saying "newer" must not loop the page).
 */
export async function heartbeatOnce(deps: HeartbeatDeps): Promise<'reloaded' | 'current' | 'held'> {
  const refresh = await deps.checkForUpdate();
  if (!refresh) return 'current';
  const now = deps.now();
  const last = lastReloadAt(deps.storage);
  if (last !== null && now - last < MIN_RELOAD_GAP_MS) return 'held';
  try {
    deps.storage?.setItem(LAST_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Storage may be full or blocked; reloading still brings the new version.
  }
  deps.reload();
  return 'reloaded';
}

/** Checks every 5 minutes from now; returns the function that stops it. */
export function startHeartbeat(overrides: Partial<HeartbeatDeps> = {}): () => void {
  const deps = { ...defaultDeps(), ...overrides };
  let running = false;
  const timer = setInterval(() => {
    // A slow answer never overlaps the next check.
    if (running) return;
    running = true;
    heartbeatOnce(deps)
      // A failed check (offline, server restarting) waits for the next one.
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** Runs the version check while `enabled` (a signed-in user). */
export function useHeartbeat(enabled: boolean): void {
  useEffect(() => (enabled ? startHeartbeat() : undefined), [enabled]);
}
