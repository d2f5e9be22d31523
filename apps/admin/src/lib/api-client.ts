import type { z } from 'zod';
import {
  ProblemResponse,
  ValidationErrorResponse,
  fillRoutePath,
  type FieldError,
  type RouteDef,
  type RouteInput,
  type RouteResult,
} from '@app/contracts';
import { getAccessToken } from './auth.ts';
import { paths } from './paths.ts';

/** A call that did not succeed; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's error code (architecture rule 3), when it sent one. */
    readonly code?: string,
    /** The whole `error` object, for a route whose errors carry more (a 409's current state). */
    readonly problem?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 422: per-field codes from the spec's server-validation list, for forms to show. */
export class ValidationError extends ApiError {
  constructor(readonly fieldErrors: readonly FieldError[]) {
    super(422, `Validation failed: ${fieldErrors.map((e) => e.field).join(', ')}`);
    this.name = 'ValidationError';
  }

  /** The codes of one field, [] when it has none. */
  codesFor(field: string): string[] {
    return this.fieldErrors.filter((e) => e.field === field).flatMap((e) => e.codes);
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

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

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON; a FormData is sent as it is (multipart). */
  body?: unknown;
  /** Checks the `results` of the response; without it they are trusted as T. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * 'json': the `results` of the envelope; 'envelope': the whole JSON body, for calls that
   * send more beside `results` (the tickets list and its counters); 'text': the body as it is
   * (the printing call answers receipt HTML); 'blob': a file; 'response': the successful
   * Response unread (a file read as it arrives).
   */
  responseType?: 'json' | 'envelope' | 'text' | 'blob' | 'response';
}

function urlOf(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function failure(res: Response): Promise<ApiError> {
  const body = await readJson(res);
  if (res.status === 422) {
    const parsed = ValidationErrorResponse.safeParse(body);
    if (parsed.success) return new ValidationError(parsed.data.errors);
  }
  const problem = ProblemResponse.safeParse(body);
  const message = problem.success ? problem.data.error.message : res.statusText;
  const raw = problem.success ? (body as { error: Record<string, unknown> }).error : undefined;
  return new ApiError(res.status, message || `HTTP ${res.status}`, problem.data?.error.code, raw);
}

/**
 * One call to the admin API: bearer token, JSON both ways (or a FormData body), the `{ results }` envelope
 * unwrapped. 401 and 403 also move the user to the login landing or the unauthorized page;
 * every failure is thrown as an ApiError for the caller (a form, the refresh snackbar).
 */
export async function apiRequest<T>(path: string, request: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, schema, signal, responseType = 'json' } = request;
  const headers = new Headers({
    accept:
      responseType === 'text'
        ? 'text/html, text/plain'
        : responseType === 'blob'
          ? '*/*'
          : 'application/json',
  });
  const token = await options.getAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  // A FormData body goes out as multipart: fetch writes its content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('content-type', 'application/json');

  let res: Response;
  try {
    res = await fetch(urlOf(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }

  if (!res.ok) {
    const error = await failure(res);
    if (res.status === 401) {
      console.error('API answered 401', path);
      options.onUnauthorized();
    } else if (res.status === 403) {
      options.onForbidden();
    }
    throw error;
  }
  if (responseType === 'response') return res as T;
  if (res.status === 204) return undefined as T;
  if (responseType === 'text') return (await res.text()) as T;
  if (responseType === 'blob') {
    const blob = await res.blob();
    const name = fileNameOf(res.headers.get('content-disposition'), '');
    // A file answer keeps the name the server gave it (Content-Disposition).
    return (name ? new File([blob], name, { type: blob.type }) : blob) as T;
  }
  const json = (await readJson(res)) as { results?: unknown } | undefined;
  const payload = responseType === 'envelope' ? json : json?.results;
  return schema ? schema.parse(payload) : (payload as T);
}

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

export interface CallOptions {
  signal?: AbortSignal;
  /** Take the answer's shape on trust instead of parsing it (large answers read often). */
  trusted?: boolean;
}

type CallArgs<R extends RouteDef> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/**
 * Calls one route of the contracts: its method and path come from the definition, its answer
 * is parsed with the definition's schema, so the admin and the server read one contract.
 */
export function callApi<R extends RouteDef>(
  route: R,
  ...[input, options = {}]: CallArgs<R>
): Promise<RouteResult<R>> {
  const { produces } = route;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiRequest<RouteResult<R>>(fillRoutePath(route.path, input?.params), {
    method: route.method,
    query: input?.query as Query | undefined,
    body: hasBody ? (input?.form ?? input?.body ?? {}) : undefined,
    schema: options.trusted
      ? undefined
      : ((route.results ?? route.response) as z.ZodType<RouteResult<R>> | undefined),
    responseType: produces
      ? produces.startsWith('text/')
        ? 'text'
        : 'blob'
      : route.response
        ? 'envelope'
        : 'json',
    signal: options.signal,
  });
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; `fallbackName` when the answer names none. */
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null, fallbackName: string): string {
  if (!disposition) return fallbackName;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? fallbackName;
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
    const error = await failure(res);
    if (res.status === 401) options.onUnauthorized();
    else if (res.status === 403) options.onForbidden();
    throw error;
  }
  const json = (await readJson(res)) as { results?: unknown } | undefined;
  const schema = route.results as z.ZodType<RouteResult<R>> | undefined;
  return schema ? schema.parse(json?.results) : (json?.results as RouteResult<R>);
}
