import type { z } from 'zod';
import { ProblemResponse, ValidationErrorResponse, type FieldError } from './common.ts';
import { fillRoutePath, type RouteDef, type RouteInput, type RouteResult } from './http.ts';

/**
 * The one HTTP client of the routes, for the admin and the storefront alike: a route's method,
 * path and query come from its definition, the `{ results }` envelope is unwrapped and checked
 * against the definition's schema, and every failure is an `ApiError` with the envelope's code
 * and field codes.
 */

/** A call that did not succeed; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's error code (the envelope's `error.code`), when it sent one. */
    readonly code?: string,
    /** The whole `error` object, for a route whose errors carry more (a 409's current state). */
    readonly problem?: Record<string, unknown>,
    /** A 422's field codes. */
    readonly fieldErrors: readonly FieldError[] = [],
    /** When to ask again, from `Retry-After` (seconds), when the server said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field → codes (a 422's), for forms. */
  get fields(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const e of this.fieldErrors) out[e.field] = [...(out[e.field] ?? []), ...e.codes];
    return out;
  }
}

/** 422: per-field codes from the spec's server-validation list, for forms to show. */
export class ValidationError extends ApiError {
  constructor(fieldErrors: readonly FieldError[]) {
    super(
      422,
      `Validation failed: ${fieldErrors.map((e) => e.field).join(', ')}`,
      undefined,
      undefined,
      fieldErrors,
    );
    this.name = 'ValidationError';
  }

  /** The codes of one field, [] when it has none. */
  codesFor(field: string): string[] {
    return this.fieldErrors.filter((e) => e.field === field).flatMap((e) => e.codes);
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export type Query = Record<string, string | number | boolean | null | undefined>;

/** A URL with its query (each value encoded; null and undefined left out). */
export function urlOf(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError of an answer that is not a success, read from its envelope. */
export async function failureOf(res: Response): Promise<ApiError> {
  const body = await readJson(res);
  if (res.status === 422) {
    const parsed = ValidationErrorResponse.safeParse(body);
    if (parsed.success) return new ValidationError(parsed.data.errors);
  }
  const problem = ProblemResponse.safeParse(body);
  const message = problem.success ? problem.data.error.message : res.statusText;
  const raw = problem.success ? (body as { error: Record<string, unknown> }).error : undefined;
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
  return new ApiError(
    res.status,
    message || `HTTP ${res.status}`,
    problem.data?.error.code,
    raw,
    [],
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
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

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON; a FormData is sent as it is (multipart). */
  body?: unknown;
  headers?: Record<string, string>;
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

export interface ClientHooks {
  /** The bearer token to send; none for the public calls. */
  getAccessToken?: () => Promise<string | null>;
  /** A 401 or a 403 answered (the admin moves to its login landing or unauthorized page). */
  onUnauthorized?: (path: string) => void;
  onForbidden?: (path: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Take the answer's shape on trust instead of parsing it (large answers read often). */
  trusted?: boolean;
}

export type CallArgs<R extends RouteDef> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/** A client of the routes; `hooks` are read at each call (the admin swaps them in tests). */
export function createApiClient(hooks: () => ClientHooks) {
  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', query, body, schema, signal, responseType = 'json' } = options;
    const { getAccessToken, onUnauthorized, onForbidden } = hooks();
    const headers = new Headers({
      accept:
        responseType === 'text'
          ? 'text/html, text/plain'
          : responseType === 'blob'
            ? '*/*'
            : 'application/json',
    });
    for (const [name, value] of Object.entries(options.headers ?? {}))
      if (value !== undefined) headers.set(name, value);
    const token = getAccessToken ? await getAccessToken() : null;
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
      const error = await failureOf(res);
      if (res.status === 401) onUnauthorized?.(path);
      else if (res.status === 403) onForbidden?.(path);
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

  /**
   * Calls one route of the contracts: its method, path, query and headers come from the
   * definition and the input, and its answer is parsed with the definition's schema.
   */
  function call<R extends RouteDef>(
    route: R,
    ...[input, options = {}]: CallArgs<R>
  ): Promise<RouteResult<R>> {
    const { produces } = route;
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    return request<RouteResult<R>>(fillRoutePath(route.path, input?.params), {
      method: route.method,
      query: input?.query as Query | undefined,
      headers: input?.headers as Record<string, string> | undefined,
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

  return { request, call };
}
