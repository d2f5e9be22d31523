// The admin's service worker (issue 36): shows the new orders the server pushes while no Live
// orders tab is open, and opens the order when its notification is clicked.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
