import type { RouteDef, RouteReply } from '@app/contracts';

/** An answer already serialized through its route's contract (the cached catalogue tree). */
export class SerializedReply {
  constructor(readonly json: string) {}
}

/** `{ results }` of a route, checked against its contract and serialized once, for a cache. */
export function serializeResults<R extends RouteDef>(
  route: R,
  results: RouteReply<R>,
): SerializedReply {
  if (!route.results) throw new Error(`${route.method} ${route.path} answers no results`);
  return new SerializedReply(JSON.stringify({ results: route.results.parse(results) }));
}
