import {
  errorBody,
  type ApiClient,
  type HttpMethod,
  type QueryValue,
  type RequestOptions,
} from '@cove/contracts';
import { ApiError, abortedError, genericError, networkError } from './api-error';
import type { TokenStore } from './token-store';

/** Sent on every call so the server knows which client is talking (spec section 6). */
export const webTypeHeader = { name: 'web-type', value: 'react' } as const;

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Called on a 503 answer: the site goes to /maintenance. */
  onMaintenance(): void;
  /** Called for 5xx answers and contract mismatches, for the internal failure channel. */
  onServerFailure?(failure: { method: HttpMethod; path: string; status: number; message: string }): void;
  /** Called for 403 and 423 answers with a JSON body (session or popup-clearing handling). */
  onForbidden?(error: ApiError): void;
  /** Called for a 401 to a call that carried a token: that token no longer works. */
  onUnauthorized?(token: string): void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

function isJson(res: Response): boolean {
  return /\bjson\b/i.test(res.headers.get('content-type') ?? '');
}

/** The one API client: JSON in and out, same-origin credentials, abortable, the spec's error catalogue. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const doFetch = opts.fetch ?? ((input, init) => window.fetch(input, init));
  const base = opts.baseUrl ?? '';

  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions<unknown>,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [webTypeHeader.name]: webTypeHeader.value,
    };
    if (token) headers['access-token'] = token;
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    try {
      return await doFetch(buildUrl(base, path, options.query), {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (err) {
      if (options.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError'))
        throw abortedError();
      throw networkError();
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const token = opts.tokens.get();
    const res = await send(method, path, options as RequestOptions<unknown>, token);
    const fail = (error: ApiError): never => {
      if (error.status >= 500)
        opts.onServerFailure?.({ method, path, status: error.status, message: error.message });
      throw error;
    };

    if (res.status === 503) {
      opts.onMaintenance();
      return fail(new ApiError(503, genericError().message));
    }
    if (res.status === 204) return undefined as T;

    let data: unknown;
    try {
      if (!isJson(res)) throw new Error('not JSON');
      data = await res.json();
    } catch {
      if (options.signal?.aborted) throw abortedError();
      return fail(genericError());
    }

    if (!res.ok) {
      const body = errorBody.safeParse(data);
      const error = body.success
        ? new ApiError(res.status, body.data.message, { code: body.data.code, errors: body.data.errors })
        : new ApiError(res.status, genericError().message);
      if (res.status === 403 || res.status === 423) opts.onForbidden?.(error);
      if (res.status === 401 && token) opts.onUnauthorized?.(token);
      return fail(error);
    }
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    return parsed.success ? parsed.data : fail(genericError());
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
