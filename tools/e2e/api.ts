import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/** GETs `url` and unwraps the `{results}` envelope of a successful answer. */
export async function results<T>(
  request: APIRequestContext,
  url: string,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return ((await res.json()) as { results: T }).results;
}

/** Unwraps the `{results}` envelope of an answer that must have succeeded. */
export async function resultsOf<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return ((await response.json()) as { results: T }).results;
}
