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
   * (the printing call answers receipt HTML); 'blob': a file.
   */
  responseType?: 'json' | 'envelope' | 'text' | 'blob';
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

/** The file name of a Content-Disposition header: filename* (UTF-8) first, else filename. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Badly encoded: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;]+)/i.exec(header)?.[1]?.trim();
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
  if (res.status === 204) return undefined as T;
  if (responseType === 'text') return (await res.text()) as T;
  if (responseType === 'blob') {
    const blob = await res.blob();
    const name = fileNameOf(res.headers.get('content-disposition'));
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
