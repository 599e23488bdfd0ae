import * as z from 'zod/mini';
import { createApiClient, type ApiClientOptions } from './client';
import { isAborted, isApiError } from './api-error';
import { localTokenStore, tokenKey } from './token-store';

type Answer = { status: number; body?: string; type?: string };

/** jsdom has no fetch Response; the client reads only these members. */
function fakeResponse({ status, body, type }: Answer): Response {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? (type ?? null) : null) },
    json: async () => JSON.parse(body ?? ''),
  } as unknown as Response;
}

function setup(answer: Answer | (() => Promise<Response>), extra: Partial<ApiClientOptions> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onMaintenance = jest.fn();
  const onServerFailure = jest.fn();
  const onForbidden = jest.fn();
  const fetchImpl = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (typeof answer === 'function') return answer();
    return fakeResponse(answer);
  });
  const api = createApiClient({
    tokens: localTokenStore(),
    onMaintenance,
    onServerFailure,
    onForbidden,
    fetch: fetchImpl as unknown as typeof fetch,
    ...extra,
  });
  return { api, calls, onMaintenance, onServerFailure, onForbidden };
}

const ok = z.object({ ok: z.boolean() });
const anything = z.unknown();

const json = (status: number, value: unknown): Answer => ({
  status,
  body: JSON.stringify(value),
  type: 'application/json; charset=utf-8',
});

function first<T>(list: T[]): T {
  const [item] = list;
  if (item === undefined) throw new Error('expected at least one call');
  return item;
}

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (isApiError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => window.localStorage.clear());

describe('API client', () => {
  it('sends JSON with the web-type header, same-origin credentials and the stored token', async () => {
    window.localStorage.setItem(tokenKey, 'tok-1');
    const { api, calls } = setup(json(200, { ok: true }));
    await expect(
      api.post('/v1/chat', { recipient_id: 'u2' }, { query: { v: 2, skip: undefined }, schema: ok }),
    ).resolves.toEqual({ ok: true });
    const { url, init } = first(calls);
    expect(url).toBe('/v1/chat?v=2');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"recipient_id":"u2"}');
    expect(init.headers).toMatchObject({
      'access-token': 'tok-1',
      'web-type': 'react',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('sends no access-token header when signed out', async () => {
    const { api, calls } = setup(json(200, {}));
    await api.get('/v1/users/me', { schema: anything });
    expect(first(calls).init.headers).not.toHaveProperty('access-token');
  });

  it('sends a call whose answer is not read, and takes 204 for it', async () => {
    const { api, calls } = setup({ status: 204 });
    await expect(api.send('DELETE', '/v1/auth')).resolves.toBeUndefined();
    expect(first(calls).init.method).toBe('DELETE');
  });

  it('still reads the error catalogue for a call whose answer is not read', async () => {
    const { api } = setup(json(409, { message: 'Taken' }));
    await expect(failure(api.send('POST', '/v1/x', { body: {} }))).resolves.toMatchObject({
      status: 409,
      message: 'Taken',
    });
  });

  it('treats 204 to a call that expects a body as a contract mismatch', async () => {
    const { api, onServerFailure } = setup({ status: 204 });
    await expect(failure(api.get('/v1/chats', { schema: ok }))).resolves.toMatchObject({ status: 500 });
    expect(onServerFailure).toHaveBeenCalledWith(expect.objectContaining({ path: '/v1/chats' }));
  });

  it('goes to maintenance on 503', async () => {
    const { api, onMaintenance } = setup(json(503, { message: 'down' }));
    const err = await failure(api.get('/v1/users/me', { schema: anything }));
    expect(err.status).toBe(503);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('turns a non-JSON answer into status 500 with the generic message', async () => {
    const { api, onServerFailure } = setup({ status: 200, body: '<html>oops</html>', type: 'text/html' });
    const err = await failure(api.get('/v1/users/me', { schema: anything }));
    expect(err).toMatchObject({ status: 500, message: 'Something went wrong. Please try again later.' });
    expect(onServerFailure).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/v1/users/me', status: 500 }),
    );
  });

  it('turns unparseable JSON into status 500 with the generic message', async () => {
    const { api } = setup({ status: 200, body: '{"half', type: 'application/json' });
    await expect(failure(api.get('/x', { schema: anything }))).resolves.toMatchObject({ status: 500 });
  });

  it('surfaces the server message, code and field errors', async () => {
    const { api, onServerFailure } = setup(
      json(409, { message: 'This Username Has Already Been Taken', code: 'username_taken', errors: [] }),
    );
    const err = await failure(api.patch('/v1/users/1', { username: 'taken' }, { schema: anything }));
    expect(err).toMatchObject({
      status: 409,
      message: 'This Username Has Already Been Taken',
      code: 'username_taken',
    });
    expect(onServerFailure).not.toHaveBeenCalled();
  });

  it('surfaces 401 Please sign in', async () => {
    const { api } = setup(json(401, { message: 'Please sign in' }));
    await expect(failure(api.get('/v1/users/me', { schema: anything }))).resolves.toMatchObject({
      status: 401,
      message: 'Please sign in',
    });
  });

  it('tells which token a 401 refused, and stays quiet for calls made signed out', async () => {
    const onUnauthorized = jest.fn();
    const signedOut = setup(json(401, { message: 'Please sign in' }), { onUnauthorized });
    await failure(signedOut.api.get('/v1/users/me', { schema: anything }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    window.localStorage.setItem(tokenKey, 'dead');
    await failure(
      setup(json(401, { message: 'Please sign in' }), { onUnauthorized }).api.get('/v1/users/me', {
        schema: anything,
      }),
    );
    expect(onUnauthorized).toHaveBeenCalledWith('dead');
  });

  it.each([403, 423])('hands %i answers with JSON to the forbidden handler', async (status) => {
    const { api, onForbidden } = setup(json(status, { message: 'Forbidden' }));
    await failure(api.get('/v1/chats', { schema: anything }));
    expect(onForbidden).toHaveBeenCalledWith(expect.objectContaining({ status, message: 'Forbidden' }));
  });

  it('reports a network failure with the spec text', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(api.get('/v1/users/me', { schema: anything }));
    expect(err).toMatchObject({
      status: 0,
      message: 'Network error. Please check your internet connection.',
    });
    expect(isAborted(err)).toBe(false);
  });

  it('marks aborted calls so they are ignored silently, and reports nothing', async () => {
    const controller = new AbortController();
    const { api, onServerFailure } = setup(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const err = await failure(api.get('/v1/chats', { signal: controller.signal, schema: anything }));
    expect(isAborted(err)).toBe(true);
    expect(onServerFailure).not.toHaveBeenCalled();
  });

  it('parses answers with their schema and reports a mismatch like any bad answer', async () => {
    const schema = z.object({ count: z.number() });
    await expect(setup(json(200, { count: 3 })).api.get('/n', { schema })).resolves.toEqual({ count: 3 });
    const bad = setup(json(200, { count: 'x' }));
    await expect(failure(bad.api.get('/n', { schema }))).resolves.toMatchObject({
      status: 500,
      message: 'Something went wrong. Please try again later.',
    });
    expect(bad.onServerFailure).toHaveBeenCalledWith({
      method: 'GET',
      path: '/n',
      status: 500,
      message: 'Something went wrong. Please try again later.',
      mismatch: 'count: Invalid input: expected number, received string',
    });
  });
});

/** An XMLHttpRequest the test answers by hand. */
class ManualXhr {
  static made: ManualXhr[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = true;
  status = 0;
  responseText = '';
  contentType: string | null = null;
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  constructor() {
    ManualXhr.made.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, value: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(value);
    this.contentType = 'application/json';
    this.onload?.();
  }
}

describe('API client uploads', () => {
  const uploaded = z.object({ media_id: z.string() });

  function uploader(extra: Partial<ApiClientOptions> = {}) {
    ManualXhr.made = [];
    const s = setup(json(200, {}), { xhr: () => new ManualXhr() as unknown as XMLHttpRequest, ...extra });
    const start = (options: { signal?: AbortSignal; onProgress?: (l: number, t: number) => void } = {}) => {
      const form = new FormData();
      form.append('type', 'message');
      const done = s.api.upload('/v1/media', form, { schema: uploaded, ...options });
      const xhr = ManualXhr.made[0];
      if (!xhr) throw new Error('no request was made');
      return { done, xhr, form };
    };
    return { ...s, start };
  }

  it("sends the form with the client's headers and the spec's upload headers, reporting progress", async () => {
    window.localStorage.setItem(tokenKey, 'tok-1');
    const { start } = uploader({ baseUrl: 'http://site.test' });
    const progress: [number, number][] = [];
    const { done, xhr, form } = start({ onProgress: (l, t) => progress.push([l, t]) });
    expect(xhr.url).toBe('http://site.test/v1/media');
    expect(xhr.body).toBe(form);
    expect(xhr.headers).toMatchObject({
      'access-token': 'tok-1',
      'web-type': 'react',
      'X-Requested-With': 'XMLHttpRequest',
      'Cache-Control': 'no-cache',
    });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 60, total: 0 });
    xhr.answer(200, { media_id: 'm1' });
    await expect(done).resolves.toEqual({ media_id: 'm1' });
    expect(progress).toEqual([[50, 200]]);
  });

  it('posts to the upload host as named, not under the API base', () => {
    ManualXhr.made = [];
    const { api } = setup(json(200, {}), {
      baseUrl: 'http://site.test',
      xhr: () => new ManualXhr() as unknown as XMLHttpRequest,
    });
    void api
      .upload('https://upload.test/v1/media', new FormData(), { schema: uploaded })
      .catch(() => undefined);
    expect(ManualXhr.made[0]?.url).toBe('https://upload.test/v1/media');
  });

  it('reads failures through the same catalogue as every call: 503, 403, 401 and bad answers', async () => {
    window.localStorage.setItem(tokenKey, 'tok-1');
    const onUnauthorized = jest.fn();
    const u = uploader({ onUnauthorized });
    const down = u.start();
    down.xhr.answer(503, { message: 'Down' });
    await expect(failure(down.done)).resolves.toMatchObject({ status: 503 });
    expect(u.onMaintenance).toHaveBeenCalled();

    ManualXhr.made = [];
    const frozen = u.start();
    frozen.xhr.answer(403, { message: 'Your account is frozen', code: 'frozen' });
    await expect(failure(frozen.done)).resolves.toMatchObject({ status: 403, code: 'frozen' });
    expect(u.onForbidden).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));

    ManualXhr.made = [];
    const expired = u.start();
    expired.xhr.answer(401, { message: 'Please sign in' });
    await expect(failure(expired.done)).resolves.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('tok-1');

    ManualXhr.made = [];
    const odd = u.start();
    odd.xhr.answer(200, { id: 1 });
    await expect(failure(odd.done)).resolves.toMatchObject({ status: 500 });
    expect(u.onServerFailure).toHaveBeenCalledWith(expect.objectContaining({ path: '/v1/media' }));
  });

  it('ends an aborted upload quietly and a lost connection with the network error', async () => {
    const u = uploader();
    const controller = new AbortController();
    const cancelled = u.start({ signal: controller.signal });
    controller.abort();
    expect(isAborted(await failure(cancelled.done))).toBe(true);

    ManualXhr.made = [];
    const lost = u.start();
    lost.xhr.onerror?.();
    await expect(failure(lost.done)).resolves.toMatchObject({ status: 0, code: 'network' });
    expect(u.onServerFailure).not.toHaveBeenCalled();
  });
});
