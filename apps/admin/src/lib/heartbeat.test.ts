import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from './version.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { configureApiClient } from './api-client.ts';
import {
  HEARTBEAT_INTERVAL_MS,
  LAST_RELOAD_STORAGE_KEY,
  MIN_RELOAD_GAP_MS,
  checkForUpdate,
  startHeartbeat,
} from './heartbeat.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('heartbeat', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') }));
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    configureApiClient({});
  });

  it('asks the server every 5 minutes with this build’s version', async () => {
    configureApiClient({ getAccessToken: async () => 'token' });
    const server = fakeServer({
      'GET /api/admin/heartbeat/update': ok({ refresh: false, version: APP_VERSION }),
    });
    const reload = vi.fn();
    stop = startHeartbeat({ reload, storage: memoryStorage() });

    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url.searchParams.get('v')).toBe(APP_VERSION);
    expect(server.requests[0]?.headers.get('authorization')).toBe('Bearer token');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(server.requests).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when the server has a newer version and remembers when', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    stop = startHeartbeat({ checkForUpdate: async () => true, reload, storage });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(storage.getItem(LAST_RELOAD_STORAGE_KEY))).toBe(Date.now());
  });

  it('does not reload again within a minute of the last reload', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const startedAt = Date.now();
    // The reload happened 30 s before the next check is due.
    storage.setItem(
      LAST_RELOAD_STORAGE_KEY,
      String(startedAt + HEARTBEAT_INTERVAL_MS - MIN_RELOAD_GAP_MS / 2),
    );
    stop = startHeartbeat({ checkForUpdate: async () => true, reload, storage });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    // Five minutes later the last reload is long enough ago.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps checking after a failed check', async () => {
    const reload = vi.fn();
    const check = vi
      .fn<() => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(true);
    stop = startHeartbeat({ checkForUpdate: check, reload, storage: memoryStorage() });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops checking when stopped', async () => {
    const check = vi.fn(async () => false);
    startHeartbeat({ checkForUpdate: check, reload: vi.fn(), storage: memoryStorage() })();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3);
    expect(check).not.toHaveBeenCalled();
  });

  it('reads results.refresh of the heartbeat call', async () => {
    configureApiClient({ getAccessToken: async () => 'token' });
    fakeServer({ 'GET /api/admin/heartbeat/update': ok({ refresh: true, version: '99.0.0' }) });
    await expect(checkForUpdate()).resolves.toBe(true);
  });
});
