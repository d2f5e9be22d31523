import { pushRoutes, type Language } from '@app/contracts';
import { callApi, isApiError } from './api-client.ts';

/** The admin's service worker (public/sw.js): shows pushed orders, opens them on a click. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the service worker once the page has loaded; nothing where browsers have none. */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether this browser can be told of orders with the app closed (Web Push). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** What this device listens to in a tenant, as kept in this browser. */
export type DevicePush = { id: string; branchIds: string[] };

const storageKey = (tenantId: string) => `push:${tenantId}`;

export function devicePush(tenantId: string): DevicePush | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(tenantId)) ?? 'null') as unknown;
    if (
      stored &&
      typeof stored === 'object' &&
      typeof (stored as DevicePush).id === 'string' &&
      Array.isArray((stored as DevicePush).branchIds)
    ) {
      return stored as DevicePush;
    }
  } catch {
    // Another app's value under our key: as if none.
  }
  return null;
}

const base64urlBytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export class PushRefused extends Error {
  constructor(readonly reason: 'unsupported' | 'denied') {
    super(reason);
  }
}

/** The parts of the browser it uses; tests pass fakes. */
export type PushBrowser = {
  requestPermission: () => Promise<NotificationPermission>;
  pushManager: () => Promise<PushManager>;
};

const browser: PushBrowser = {
  requestPermission: () => Notification.requestPermission(),
  pushManager: async () => (await navigator.serviceWorker.ready).pushManager,
};

/**
 * Asks the browser's permission, subscribes this device with the server's VAPID key (again if
 * the key changed) and tells the server which branches it listens to.
 */
export async function turnOnPush(
  tenantId: string,
  branchIds: string[],
  lang: Language,
  b: PushBrowser = browser,
): Promise<DevicePush> {
  if (b === browser && !pushSupported()) throw new PushRefused('unsupported');
  if ((await b.requestPermission()) !== 'granted') throw new PushRefused('denied');
  const { publicKey } = await callApi(pushRoutes.pushKey, {});
  const key = base64urlBytes(publicKey);
  const manager = await b.pushManager();
  let subscription = await manager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && (!current || !sameBytes(new Uint8Array(current), key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  const { id } = await callApi(pushRoutes.subscribePush, {
    params: { tenantId },
    body: {
      subscription: {
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
      branchIds,
      lang,
    },
  });
  const device = { id, branchIds };
  localStorage.setItem(storageKey(tenantId), JSON.stringify(device));
  return device;
}

/** Tells the server to stop, and forgets it here; the browser's subscription may serve others. */
export async function turnOffPush(tenantId: string): Promise<void> {
  const device = devicePush(tenantId);
  if (device) {
    await callApi(pushRoutes.unsubscribePush, { params: { tenantId, id: device.id } }).catch(
      (error: unknown) => {
        // Already gone at the server (its push service said so): nothing left to stop.
        if (!isApiError(error, 404)) throw error;
      },
    );
  }
  localStorage.removeItem(storageKey(tenantId));
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
