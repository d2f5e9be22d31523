import type { z } from 'zod';
import {
  ApiError,
  createApiClient,
  failureOf,
  fileNameOf,
  fillRoutePath,
  readJson,
  type CallOptions,
  type Query,
  type RequestOptions,
  type RouteDef,
  type RouteInput,
  type RouteResult,
} from '@app/contracts';

// The one client of the routes (packages/contracts/src/client.ts), its errors and helpers.
export {
  ApiError,
  ValidationError,
  fileNameOf,
  isApiError,
  type CallOptions,
  type Query,
  type RequestOptions,
} from '@app/contracts';
import { getAccessToken } from './auth.ts';
import { paths } from './paths.ts';

export interface ApiClientOptions {
  getAccessToken: () => Promise<string | null>;
  /** Spec §8: a 401 goes to the login landing. */
  onUnauthorized: () => void;
  /** Spec §8: a 403 goes to the unauthorized page. */
  onForbidden: () => void;
}

const defaults: ApiClientOptions = {
  getAccessToken,
  onUnauthorized: () => window.location.assign(paths.loginLanding),
  onForbidden: () => window.location.assign(paths.unauthorized),
};

let options: ApiClientOptions = defaults;

/** The app sets the navigation (its router) and may swap the token source in tests. */
export function configureApiClient(overrides: Partial<ApiClientOptions>): void {
  options = { ...defaults, ...overrides };
}

const client = createApiClient(() => ({
  getAccessToken: options.getAccessToken,
  onUnauthorized: (path) => {
    console.error('API answered 401', path);
    options.onUnauthorized();
  },
  onForbidden: () => options.onForbidden(),
}));

/**
 * One call to the admin API: bearer token, JSON both ways (or a FormData body), the `{ results }`
 * envelope unwrapped. 401 and 403 also move the user to the login landing or the unauthorized
 * page; every failure is thrown as an ApiError for the caller (a form, the refresh snackbar).
 */
export const apiRequest = client.request;

/**
 * Calls one route of the contracts: its method and path come from the definition, its answer
 * is parsed with the definition's schema, so the admin and the server read one contract.
 */
export const callApi = client.call;

export const api = {
  get: <T>(path: string, request?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'GET' }),
  post: <T>(path: string, body?: unknown, request?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, request?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, request?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, request?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'DELETE' }),
};

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; `fallbackName` when the answer names none. */
  fileName: string;
}

/**
 * Calls a route that answers a file (`produces`): the bytes are read as they arrive, reported
 * to `onProgress`, and the name comes from Content-Disposition.
 */
export async function callApiFile<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  options: CallOptions & { onProgress?: (bytes: number) => void; fallbackName?: string } = {},
): Promise<DownloadedFile> {
  const res = await apiRequest<Response>(fillRoutePath(route.path, input.params), {
    method: route.method,
    query: input.query as Query | undefined,
    body: route.method !== 'GET' && route.method !== 'DELETE' ? (input.body ?? {}) : undefined,
    responseType: 'response',
    signal: options.signal,
  });
  const type = res.headers.get('content-type') ?? route.produces ?? 'application/octet-stream';
  const fileName = fileNameOf(
    res.headers.get('content-disposition'),
    options.fallbackName ?? 'file.xlsx',
  );
  if (!res.body) return { blob: await res.blob(), fileName };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.(received);
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/**
 * Calls a multipart route (`consumes`) reporting the upload's progress, which fetch cannot:
 * XMLHttpRequest with the same bearer token, envelope and failures as `callApi`.
 */
export async function callApiUpload<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<RouteResult<R>> {
  const token = await options.getAccessToken();
  const res = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, fillRoutePath(route.path, input.params));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(input.form ?? null);
  });
  if (!res.ok) {
    const error = await failureOf(res);
    if (res.status === 401) options.onUnauthorized();
    else if (res.status === 403) options.onForbidden();
    throw error;
  }
  const json = (await readJson(res)) as { results?: unknown } | undefined;
  const schema = route.results as z.ZodType<RouteResult<R>> | undefined;
  return schema ? schema.parse(json?.results) : (json?.results as RouteResult<R>);
}
