import {
  accessTokenHeader,
  errorBody,
  type ApiClient,
  type HttpMethod,
  type QueryValue,
  type SendOptions,
  type UploadOptions,
  webTypeHeader,
} from '@cove/contracts';
import type { ZodMiniType } from 'zod/mini';
import { ApiError, abortedError, genericError, networkError } from './api-error';
import type { FirstReads } from './first-reads';
import { describeMismatch } from './mismatch';
import type { TokenStore } from './token-store';
import { xhrUpload, type Answer } from './xhr-upload';

export { webTypeHeader };

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Called on a 503 answer: the site goes to /maintenance. */
  onMaintenance(): void;
  /** Called for 5xx answers and bad answers (not JSON, or not matching the contract), for the internal failure channel. */
  onServerFailure?(failure: ServerFailure): void;
  /** Called for 403 and 423 answers with a JSON body (session or popup-clearing handling). */
  onForbidden?(error: ApiError): void;
  /** Called for a 401 to a call that carried a token: that token no longer works. */
  onUnauthorized?(token: string): void;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Makes the request object uploads are sent with (tests give their own). */
  xhr?: () => XMLHttpRequest;
  /** Reads the page started before the scripts ran, and what this page reads first, for next time. */
  firstReads?: FirstReads;
}

export interface ServerFailure {
  method: HttpMethod;
  path: string;
  status: number;
  message: string;
  /** For an answer that does not match its schema: where and how, for whoever reads the report. */
  mismatch?: string;
}

/** `path` on the API's base, or as it is when it is a whole URL (the upload host's). */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  const origin = /^https?:\/\//.test(path) ? '' : base;
  return `${origin}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

const isJson = (answer: Answer) => /\bjson\b/i.test(answer.contentType ?? '');

function fromResponse(res: Response): Answer {
  return {
    status: res.status,
    ok: res.ok,
    contentType: res.headers.get('content-type'),
    json: () => res.json() as Promise<unknown>,
  };
}

/** The one API client: JSON in and out, same-origin credentials, abortable, the spec's error catalogue. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const doFetch = opts.fetch ?? ((input, init) => window.fetch(input, init));
  const makeXhr = opts.xhr ?? (() => new XMLHttpRequest());
  const base = opts.baseUrl ?? '';

  function baseHeaders(token: string | null): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [webTypeHeader.name]: webTypeHeader.value,
    };
    if (token) headers[accessTokenHeader] = token;
    return headers;
  }

  async function fetchAnswer(
    method: HttpMethod,
    url: string,
    options: SendOptions,
    token: string | null,
  ): Promise<Answer> {
    const headers = baseHeaders(token);
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    try {
      const res = await doFetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        signal: options.signal,
      });
      return fromResponse(res);
    } catch (err) {
      if (options.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError'))
        throw abortedError();
      throw networkError();
    }
  }

  /** Reads an answer through the error catalogue and the schema; `schema` absent reads nothing. */
  async function readAnswer<T>(
    method: HttpMethod,
    path: string,
    res: Answer,
    token: string | null,
    schema: ZodMiniType<T> | null,
    signal: AbortSignal | undefined,
  ): Promise<T | undefined> {
    const fail = (error: ApiError, mismatch?: string): never => {
      if (error.status >= 500)
        opts.onServerFailure?.({ method, path, status: error.status, message: error.message, mismatch });
      throw error;
    };

    if (res.status === 503) {
      opts.onMaintenance();
      return fail(new ApiError(503, genericError().message));
    }
    if (res.ok && !schema) return undefined;

    let data: unknown;
    if (res.status === 204) data = undefined;
    else {
      try {
        if (!isJson(res)) throw new Error('not JSON');
        data = await res.json();
      } catch {
        if (signal?.aborted) throw abortedError();
        return fail(genericError());
      }
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
    const answer = schema as ZodMiniType<T>;
    const parsed = answer.safeParse(data);
    return parsed.success ? parsed.data : fail(genericError(), await describeMismatch(answer, data));
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: SendOptions,
    schema: ZodMiniType<T> | null,
  ): Promise<T | undefined> {
    const token = opts.tokens.get();
    const url = buildUrl(base, path, options.query);
    const read = method === 'GET' && options.body === undefined;
    const early = read ? opts.firstReads?.take(url, token) : undefined;
    // An answer the page started is used as it is; if it failed, the call is made again.
    const res = early
      ? await early.then(fromResponse, () => fetchAnswer(method, url, options, token))
      : await fetchAnswer(method, url, options, token);
    const answer = await readAnswer(method, path, res, token, schema, options.signal);
    if (read && res.ok) opts.firstReads?.record(url);
    return answer;
  }

  async function upload<T>(url: string, form: FormData, options: UploadOptions<T>): Promise<T> {
    const { schema, signal, onProgress, query } = options;
    const token = opts.tokens.get();
    // The spec's upload headers: marked as an ajax call, never answered from a cache.
    const headers = {
      ...baseHeaders(token),
      'X-Requested-With': 'XMLHttpRequest',
      'Cache-Control': 'no-cache',
    };
    const target = buildUrl(base, url, query);
    const res = await xhrUpload(makeXhr, { url: target, headers, form, signal, onProgress });
    return (await readAnswer('POST', url, res, token, schema, signal)) as T;
  }

  const read = async <T>(method: HttpMethod, path: string, options: SendOptions, schema: ZodMiniType<T>) =>
    (await request(method, path, options, schema)) as T;

  return {
    get: (path, { schema, ...options }) => read('GET', path, options, schema),
    post: (path, body, { schema, ...options }) => read('POST', path, { ...options, body }, schema),
    put: (path, body, { schema, ...options }) => read('PUT', path, { ...options, body }, schema),
    patch: (path, body, { schema, ...options }) => read('PATCH', path, { ...options, body }, schema),
    delete: (path, { schema, ...options }) => read('DELETE', path, options, schema),
    send: async (method, path, options = {}) => void (await request(method, path, options, null)),
    upload,
  };
}
