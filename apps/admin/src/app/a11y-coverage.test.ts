import { describe, expect, it } from 'vitest';
import { matchPath, type RouteObject } from 'react-router';
import { A11Y_PAGES, NOT_PAGES } from '../../e2e/a11y-pages.ts';
import { menuLinks } from '../shell/menu-entries.ts';
import { routes } from './router.tsx';

/** Every page the router can show, as full path patterns (leaves, and lazy pages with children). */
function pagePatterns(tree: readonly RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    // A page of its own (a lazy one) may hold child pages too: a list with its forms beside it.
    const own = !route.children || (route.lazy !== undefined && route.path !== undefined);
    return [...(own ? [path] : []), ...(route.children ? pagePatterns(route.children, path) : [])];
  });
}

// Issue 21: axe checks every page of e2e/a11y-pages.ts; a page missing there goes unchecked.
describe('accessibility coverage of the end-to-end axe checks', () => {
  const checked = new Set(A11Y_PAGES.map((page) => page.pattern));
  const pages = pagePatterns(routes);

  it('lists every page of the router in e2e/a11y-pages.ts (or as no page to look at)', () => {
    const missing = pages.filter(
      (pattern) => !checked.has(pattern) && !NOT_PAGES.includes(pattern),
    );
    expect(missing, 'pages axe never opens: add them to A11Y_PAGES').toEqual([]);
  });

  it('lists only pages the router has', () => {
    const routed = new Set(pages);
    expect([...checked].filter((pattern) => !routed.has(pattern))).toEqual([]);
  });

  it('checks every page of the side menu', () => {
    // A menu link may name a page of a pattern (Per-table payment methods: a branch's).
    const isChecked = (path: string) =>
      [...checked].some((pattern) => matchPath(pattern, path) !== null);
    expect(menuLinks().filter((link) => !isChecked(link.path))).toEqual([]);
  });
});
