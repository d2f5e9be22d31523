import { useSyncExternalStore } from 'react';

/** Where the storefront is served; its addresses (contracts' storefrontAddress) start here. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export type Route =
  | { page: 'store'; slug: string }
  | { page: 'branch'; slug: string; branchId: string; template: string; checkout: boolean }
  | { page: 'table'; slug: string; serviceAreaId: string; checkout: boolean }
  | { page: 'bill'; slug: string; serviceAreaId: string }
  | { page: 'link'; slug: string; linkId: string; checkout: boolean }
  | { page: 'order'; slug: string; ticketId: string }
  | { page: 'none' };

const TEMPLATES = ['delivery', 'pickup', 'dining', 'menu'];

/** Reads a storefront path (without BASE): the forms storefrontAddress writes, and our own. */
export function parseRoute(pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => decodeURIComponent(p));
  const [slug, a, b, c] = parts;
  if (!slug) return { page: 'none' };
  if (a === undefined) return { page: 'store', slug };
  if (a === 't' && b && c === 'bill' && parts.length === 4)
    return { page: 'bill', slug, serviceAreaId: b };
  if (a === 't' && b && (c === undefined || c === 'checkout') && parts.length <= 4)
    return { page: 'table', slug, serviceAreaId: b, checkout: c === 'checkout' };
  if (a === 'l' && b && (c === undefined || c === 'checkout') && parts.length <= 4)
    return { page: 'link', slug, linkId: b, checkout: c === 'checkout' };
  if (a === 'orders' && b && parts.length === 3) return { page: 'order', slug, ticketId: b };
  if (b && TEMPLATES.includes(b) && (c === undefined || c === 'checkout') && parts.length <= 4)
    return { page: 'branch', slug, branchId: a, template: b, checkout: c === 'checkout' };
  return { page: 'none' };
}

export const paths = {
  branch: (slug: string, branchId: string, template: string, checkout = false) =>
    `/${encodeURIComponent(slug)}/${branchId}/${template.toLowerCase()}${checkout ? '/checkout' : ''}`,
  table: (slug: string, serviceAreaId: string, checkout = false) =>
    `/${encodeURIComponent(slug)}/t/${serviceAreaId}${checkout ? '/checkout' : ''}`,
  link: (slug: string, linkId: string, checkout = false) =>
    `/${encodeURIComponent(slug)}/l/${linkId}${checkout ? '/checkout' : ''}`,
  /** A table's open bill, paid online (a table in 'Open a Tab' mode). */
  bill: (slug: string, serviceAreaId: string) =>
    `/${encodeURIComponent(slug)}/t/${serviceAreaId}/bill`,
  order: (slug: string, ticketId: string) => `/${encodeURIComponent(slug)}/orders/${ticketId}`,
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};
const snapshot = () => location.pathname + location.search;

/** Goes to a storefront path (without BASE), keeping the query (language, preview). */
export function navigate(path: string, { replace = false } = {}) {
  const url = `${BASE}${path}${location.search}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  listeners.forEach((l) => l());
}

export function useRoute(): Route {
  const current = useSyncExternalStore(subscribe, snapshot);
  const pathname = current.split('?')[0]!;
  return parseRoute(pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname);
}

/** The admin's storefront preview opens the storefront with ?preview=1: nothing is ordered. */
export const isPreview = () => new URLSearchParams(location.search).get('preview') === '1';
