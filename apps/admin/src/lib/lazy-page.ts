import type { ComponentType } from 'react';
import { loadNamespaces, type Namespace } from './i18n.ts';

/**
 * A route's `lazy`: on the first visit to the route, the page's chunk and the translation
 * files it shows load side by side, and the page renders once both are in.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  page: (module: M) => ComponentType,
  namespaces: readonly Namespace[] = [],
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: page(module) };
  };
}
