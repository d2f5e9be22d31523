import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from './api-client.ts';
import { uploadImage } from './upload-image.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploadImage', () => {
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();
  const upload = () => uploadImage('t 1', new Blob(['x'], { type: 'image/jpeg' }), 'item.jpg');

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getAccessToken: async () => 'token-1', onUnauthorized, onForbidden });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetAllMocks();
    configureApiClient({});
  });

  it('posts the file as multipart with the token and resolves with the url', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        results: {
          url: '/uploads/x.jpg',
          contentType: 'image/jpeg',
          width: 8,
          height: 5,
          bytes: 99,
        },
      }),
    );
    await expect(upload()).resolves.toBe('/uploads/x.jpg');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/tenants/t%201/ImagesHandler/images');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('file')).toBeInstanceOf(Blob);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.has('content-type')).toBe(false);
  });

  it('goes through the usual 401 and 403 handling', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(upload()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: 'x' } }));
    await expect(upload()).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it('keeps the status of a 413 and of a 422 image_type_not_allowed for the message', async () => {
    fetchMock.mockResolvedValueOnce(
      json(413, { error: { code: 'payload_too_large', message: 'too large' } }),
    );
    const tooLarge = await upload().catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(ApiError);
    expect(tooLarge).toMatchObject({ status: 413, code: 'payload_too_large' });
    fetchMock.mockResolvedValueOnce(
      json(422, { errors: [{ field: 'file', codes: ['image_type_not_allowed'] }] }),
    );
    const wrongType = await upload().catch((e: unknown) => e);
    expect(wrongType).toMatchObject({ status: 422 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });
});
