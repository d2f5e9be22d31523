import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../test/fake-server.ts';
import { configureApiClient } from './api-client.ts';
import { devicePush, PushRefused, turnOffPush, turnOnPush, type PushBrowser } from './push.ts';

const TENANT = '11111111-1111-4111-8111-111111111111';
const BRANCH = '22222222-2222-4222-8222-222222222222';
const SUBSCRIPTION_ID = '33333333-3333-4333-8333-333333333333';
// A VAPID public key: an uncompressed P-256 point, base64url.
const KEY = `B${'A'.repeat(86)}`;
const keyBytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const DEVICE_KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

/** A browser's push manager holding at most one subscription, made with `key`. */
function fakeBrowser(permission: NotificationPermission, existingKey?: string) {
  const calls: string[] = [];
  const subscriptionFor = (key: string, endpoint: string) =>
    ({
      endpoint,
      options: { applicationServerKey: keyBytes(key).buffer },
      toJSON: () => ({ endpoint, keys: DEVICE_KEYS }),
      unsubscribe: async () => (calls.push(`unsubscribe ${endpoint}`), true),
    }) as unknown as PushSubscription;
  let current = existingKey ? subscriptionFor(existingKey, 'https://fcm.googleapis.com/old') : null;
  const browser: PushBrowser = {
    requestPermission: async () => permission,
    pushManager: async () =>
      ({
        getSubscription: async () => current,
        subscribe: async (options: PushSubscriptionOptionsInit) => {
          calls.push('subscribe');
          expect(options.userVisibleOnly).toBe(true);
          expect([...new Uint8Array(options.applicationServerKey as Uint8Array)]).toEqual([
            ...keyBytes(KEY),
          ]);
          current = subscriptionFor(KEY, 'https://fcm.googleapis.com/new');
          return current;
        },
      }) as unknown as PushManager,
  };
  return { browser, calls };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  configureApiClient({});
});

function server() {
  configureApiClient({ getAccessToken: async () => 'token' });
  return fakeServer({
    'GET /api/admin/push/key': ok({ publicKey: KEY }),
    [`POST /api/admin/tenants/${TENANT}/push/subscriptions`]: () =>
      Response.json({ results: { id: SUBSCRIPTION_ID } }, { status: 201 }),
    [`DELETE /api/admin/tenants/${TENANT}/push/subscriptions/${SUBSCRIPTION_ID}`]: ok({
      id: SUBSCRIPTION_ID,
    }),
  });
}

describe('turning on notifications on this device', () => {
  it('subscribes with the server’s key and sends the subscription and branches', async () => {
    const api = server();
    const { browser, calls } = fakeBrowser('granted');
    const device = await turnOnPush(TENANT, [BRANCH], 'ar', browser);
    expect(device).toEqual({ id: SUBSCRIPTION_ID, branchIds: [BRANCH] });
    expect(calls).toEqual(['subscribe']);
    const sent = api.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(sent.body!)).toEqual({
      subscription: { endpoint: 'https://fcm.googleapis.com/new', keys: DEVICE_KEYS },
      branchIds: [BRANCH],
      lang: 'ar',
    });
    expect(devicePush(TENANT)).toEqual(device);
  });

  it('subscribes again when the browser’s subscription was made with another key', async () => {
    server();
    const { browser, calls } = fakeBrowser('granted', `B${'Q'.repeat(86)}`);
    await turnOnPush(TENANT, [BRANCH], 'en', browser);
    expect(calls).toEqual(['unsubscribe https://fcm.googleapis.com/old', 'subscribe']);
  });

  it('stops when the user does not allow notifications, asking the server nothing', async () => {
    const api = server();
    const { browser } = fakeBrowser('denied');
    await expect(turnOnPush(TENANT, [BRANCH], 'en', browser)).rejects.toEqual(
      new PushRefused('denied'),
    );
    expect(api.requests).toHaveLength(0);
    expect(devicePush(TENANT)).toBeNull();
  });

  it('turns off at the server and forgets the device here', async () => {
    const api = server();
    await turnOnPush(TENANT, [BRANCH], 'en', fakeBrowser('granted').browser);
    await turnOffPush(TENANT);
    expect(api.requests.at(-1)?.method).toBe('DELETE');
    expect(devicePush(TENANT)).toBeNull();
  });
});
