import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { accessToken } from './auth.ts';

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

/** Accepts an order through the API as the signed-in tab's user (no screen on the way). */
export async function acceptTicket(
  page: Page,
  ticket: { tenantId: string; id: string },
): Promise<void> {
  const response = await page.request.put(
    `/api/admin/tenants/${ticket.tenantId}/tickets/${ticket.id}`,
    {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { status: 'InProgress', fromStatus: 'UnVerified', note: null },
    },
  );
  expect(response.status()).toBe(200);
}
