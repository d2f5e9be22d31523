import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, configureApiClient, ValidationError } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getAccessToken: async () => 'token-123', onUnauthorized, onForbidden });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetAllMocks();
    configureApiClient({});
  });

  it('sends the bearer token and JSON, and unwraps { results }', async () => {
    fetchMock.mockResolvedValue(json(200, { results: { id: 'a', count: 2 } }));
    const result = await api.put(
      '/api/admin/things/a',
      { name: 'x' },
      { query: { lang: 'ar', skip: undefined }, schema: z.object({ id: z.string() }) },
    );
    expect(result).toEqual({ id: 'a' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/things/a?lang=ar');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"x"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-123');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends a FormData body as it is, with no JSON content type', async () => {
    fetchMock.mockResolvedValue(json(201, { results: { url: '/uploads/a.jpg' } }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
    await expect(api.post('/api/admin/upload', form)).resolves.toEqual({ url: '/uploads/a.jpg' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('authorization')).toBe('Bearer token-123');
  });

  it('answers the whole envelope when a call sends more beside results', async () => {
    fetchMock.mockResolvedValue(json(200, { results: [{ id: 'a' }], counters: { all: 1 } }));
    const body = await api.get('/api/admin/tenants/tickets', {
      responseType: 'envelope',
      schema: z.object({
        results: z.array(z.object({ id: z.string() })),
        counters: z.object({ all: z.number() }),
      }),
    });
    expect(body).toEqual({ results: [{ id: 'a' }], counters: { all: 1 } });
  });

  it('answers a text response as it is, with the token and the usual failures', async () => {
    fetchMock.mockResolvedValue(new Response('<html dir="rtl">إيصال</html>', { status: 200 }));
    const html = await api.get<string>('/api/admin/print/1/ar', {
      query: { size: 58 },
      responseType: 'text',
    });
    expect(html).toBe('<html dir="rtl">إيصال</html>');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/print/1/ar?size=58');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-123');
    expect(headers.get('accept')).toContain('text/html');

    fetchMock.mockResolvedValue(json(403, { error: { code: 'forbidden', message: 'No' } }));
    await expect(api.get('/api/admin/print/1/ar', { responseType: 'text' })).rejects.toMatchObject({
      status: 403,
    });
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it('sends no authorization header when nobody is signed in', async () => {
    configureApiClient({ getAccessToken: async () => null, onUnauthorized, onForbidden });
    fetchMock.mockResolvedValue(json(200, { results: [] }));
    await api.get('/api/admin/users/tenants');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('goes to the login landing on 401 and throws', async () => {
    fetchMock.mockResolvedValue(
      json(401, { error: { code: 'unauthorized', message: 'Invalid or expired token' } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await api.get('/api/admin/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('goes to the unauthorized page on 403 and throws', async () => {
    fetchMock.mockResolvedValue(json(403, { error: { code: 'forbidden', message: 'Forbidden' } }));
    const error = await api.get('/api/admin/tenants/all').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Forbidden' });
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('exposes the field errors of a 422 for forms', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        errors: [
          { field: 'discountCode', codes: ['discount_code_unique'] },
          { field: 'name', codes: ['too_long'] },
        ],
      }),
    );
    const error = await api.post('/api/admin/x', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.status).toBe(422);
    expect(validation.fieldErrors).toEqual([
      { field: 'discountCode', codes: ['discount_code_unique'] },
      { field: 'name', codes: ['too_long'] },
    ]);
    expect(validation.codesFor('discountCode')).toEqual(['discount_code_unique']);
    expect(validation.codesFor('other')).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('throws other failures as they are, for the refresh snackbar', async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, { error: { code: 'not_found', message: 'Tenant profile not found' } }),
    );
    await expect(api.get('/api/admin/tenants/')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    fetchMock.mockResolvedValueOnce(new Response('upstream exploded', { status: 502 }));
    await expect(api.get('/api/admin/x')).rejects.toMatchObject({ status: 502 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/admin/x')).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('rejects results that do not match the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { results: { id: 5 } }));
    await expect(
      api.get('/api/admin/x', { schema: z.object({ id: z.string() }) }),
    ).rejects.toThrow();
  });
});
