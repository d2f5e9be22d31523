// The admin's service worker (issue 36): shows the new orders the server pushes while no Live
// orders tab is open, opens the order when its notification is clicked, and keeps the app and
// the calls it starts with so that a tablet that lost its Wi-Fi can still be reloaded.

const SHELL = 'shell-v1';
/** Answers of the signed-in user's calls; emptied at sign-out (the page asks, see push.ts). */
const API = 'api-v1';

/** The calls a reload needs to open Live orders, answered from here when the network is down. */
const API_KEPT = [
  /^\/api\/public\/auth-config$/,
  /^\/api\/admin\/users\/(me|tenants)$/,
  /^\/api\/admin\/tenants\/$/,
  /^\/api\/admin\/tenants\/[0-9a-f-]{36}\/status$/,
  /^\/api\/admin\/tenants\/[0-9a-f-]{36}\/tickets\/[0-9a-f-]{36}$/,
];
/** Addresses the app does not own: the sign-in provider, the API, the storefront, emulators. */
const NOT_APP = /^\/(api|oidc|store|emulators|healthz|readyz)(\/|$)/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SHELL && name !== API) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  ),
);

/** The network's answer (kept when good), or the kept one when the network fails. */
async function networkFirst(request, cacheName, key = request) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !NOT_APP.test(url.pathname)) {
    // Every page of the app is its index.html: fresh when online, the kept one offline.
    event.respondWith(networkFirst(request, SHELL, '/index.html'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed files never change: once fetched, kept.
    event.respondWith(
      caches.open(SHELL).then(async (cache) => {
        const kept = await cache.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  if (API_KEPT.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request, API));
  }
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'signedOut') event.waitUntil(caches.delete(API));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'New order';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      // One notification per order: a second push of it (still waiting) replaces the first.
      tag: data.ticketId ? `ticket-${data.ticketId}` : undefined,
      renotify: Boolean(data.ticketId),
      requireInteraction: true,
      icon: '/icon-192.png',
      dir: 'auto',
      data,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/admin/tickets/manage',
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
