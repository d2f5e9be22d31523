/**
 * A provider's HTTP calls (ARCHITECTURE rule 8): paths under its configurable base URL, each
 * given up after a timeout; a call that gets no answer at all (refused, reset, timed out) is
 * thrown as the provider's own "unavailable" error, named `name unreachable: ...`.
 */
export function providerFetch(
  config: { baseUrl: string; timeoutMs?: number },
  name: string,
  unavailable: (message: string) => Error,
) {
  const base = config.baseUrl.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  return async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unavailable(
        `${name} unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}
