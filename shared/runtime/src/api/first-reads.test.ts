import {
  firstReadLimits,
  firstReadsScript,
  firstReadsStorageKey,
  type StartedFirstReads,
} from '@cove/contracts';
import * as z from 'zod/mini';
import { createApiClient } from './client';
import { createFirstReads } from './first-reads';
import { localTokenStore, tokenKey } from './token-store';

/** jsdom has no fetch Response; the client reads only these members. */
const answer = (value: unknown, status = 200): Response =>
  ({
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    json: async () => value,
  }) as unknown as Response;

const stored = () => JSON.parse(localStorage.getItem(firstReadsStorageKey) ?? 'null') as unknown;

function page({ at = 100, started }: { at?: number; started?: StartedFirstReads } = {}) {
  const clock = { now: at };
  const reads = createFirstReads({
    storage: localStorage,
    pathname: '/discover',
    started,
    now: () => clock.now,
  });
  return { reads, clock };
}

beforeEach(() => localStorage.clear());

describe('the reads a page remembers for its next visit', () => {
  it('remembers the API reads of the first seconds under the path the page opened at, once each', () => {
    const { reads, clock } = page();
    reads.record('/v1/users/me');
    reads.record('/v1/users/discover?offset=0&limit=20&featured=true');
    reads.record('/v1/users/me');
    reads.record('https://elsewhere.test/v1/users/me');
    reads.record('/mf/registry.json');
    clock.now = firstReadLimits.recordMs + 1;
    reads.record('/v1/chats?v=2&limit=1');
    expect(stored()).toEqual({
      '/discover': ['/v1/users/me', '/v1/users/discover?offset=0&limit=20&featured=true'],
    });
  });

  it('keeps at most so many reads a path and so many paths, dropping the least recently visited', () => {
    const paths = Object.fromEntries(
      Array.from({ length: firstReadLimits.paths }, (_, i) => [`/p${i}`, ['/v1/users/me']]),
    );
    localStorage.setItem(firstReadsStorageKey, JSON.stringify(paths));
    const { reads } = page();
    for (let i = 0; i < firstReadLimits.perPath + 3; i++) reads.record(`/v1/read/${i}`);
    const kept = stored() as Record<string, string[]>;
    expect(Object.keys(kept)).toHaveLength(firstReadLimits.paths);
    expect(kept['/p0']).toBeUndefined();
    expect(Object.keys(kept).at(-1)).toBe('/discover');
    expect(kept['/discover']).toHaveLength(firstReadLimits.perPath);
  });

  it('starts over from anything unreadable in storage', () => {
    localStorage.setItem(firstReadsStorageKey, '[not json');
    page().reads.record('/v1/users/me');
    expect(stored()).toEqual({ '/discover': ['/v1/users/me'] });
  });
});

describe('the answers the page started', () => {
  const started = (): StartedFirstReads => ({
    token: 'token-1',
    reads: { '/v1/users/me': Promise.resolve(answer({ ok: true })) },
  });

  it('gives each answer once, for the same token, while it is fresh', () => {
    const first = page({ started: started() }).reads;
    expect(first.take('/v1/users/me', 'token-2')).toBeUndefined();
    expect(first.take('/v1/users/me', 'token-1')).toBeDefined();
    expect(first.take('/v1/users/me', 'token-1')).toBeUndefined();
    expect(
      page({ started: started(), at: firstReadLimits.takeMs + 1 }).reads.take('/v1/users/me', 'token-1'),
    ).toBeUndefined();
  });

  it('lets the client answer a GET from the page, ask again when the page’s read failed, and never answer a write', async () => {
    localStorage.setItem(tokenKey, 'token-1');
    const fetched: string[] = [];
    const failed = Promise.reject(new TypeError('offline'));
    failed.catch(() => undefined);
    const { reads } = page({
      started: {
        token: 'token-1',
        reads: {
          '/v1/users/me': Promise.resolve(answer({ ok: true, from: 'page' })),
          '/v1/chats?limit=1': failed,
          '/v1/push': Promise.resolve(answer({ ok: true, from: 'page' })),
        },
      },
    });
    const api = createApiClient({
      tokens: localTokenStore(),
      onMaintenance: jest.fn(),
      firstReads: reads,
      fetch: (async (url: string) => {
        fetched.push(url);
        return answer({ ok: true, from: 'network' });
      }) as unknown as typeof fetch,
    });
    const schema = z.object({ ok: z.boolean(), from: z.string() });
    await expect(api.get('/v1/users/me', { schema })).resolves.toEqual({ ok: true, from: 'page' });
    await expect(api.get('/v1/users/me', { schema })).resolves.toEqual({ ok: true, from: 'network' });
    await expect(api.get('/v1/chats', { query: { limit: 1 }, schema })).resolves.toEqual({
      ok: true,
      from: 'network',
    });
    await expect(api.post('/v1/push', {}, { schema })).resolves.toEqual({ ok: true, from: 'network' });
    expect(fetched).toEqual(['/v1/users/me', '/v1/chats?limit=1', '/v1/push']);
    // What this page read is what the next visit starts.
    expect(stored()).toEqual({ '/discover': ['/v1/users/me', '/v1/chats?limit=1'] });
  });
});

describe('the script in the page', () => {
  const run = () => {
    window.eval(firstReadsScript);
    return (window as unknown as { __coveFirstReads?: StartedFirstReads }).__coveFirstReads;
  };
  const fetchMock = jest.fn(async () => answer({}));

  beforeEach(() => {
    delete (window as unknown as { __coveFirstReads?: unknown }).__coveFirstReads;
    fetchMock.mockClear();
    window.fetch = fetchMock as unknown as typeof fetch;
    window.history.replaceState(null, '', '/discover');
  });

  it('starts the remembered API reads of this path with the stored token and the client’s headers', () => {
    localStorage.setItem(tokenKey, 'token-1');
    localStorage.setItem(
      firstReadsStorageKey,
      JSON.stringify({
        '/discover': ['/v1/users/me', 'https://elsewhere.test/steal', '/v1/discover'],
        '/chats': ['/v1/chats'],
      }),
    );
    const started = run();
    expect(started?.token).toBe('token-1');
    expect(Object.keys(started?.reads ?? {})).toEqual(['/v1/users/me', '/v1/discover']);
    expect(fetchMock).toHaveBeenCalledWith('/v1/users/me', {
      headers: { Accept: 'application/json', 'web-type': 'react', 'access-token': 'token-1' },
      credentials: 'same-origin',
    });
  });

  it('starts nothing without a session, or with nothing remembered, and never throws', () => {
    localStorage.setItem(firstReadsStorageKey, JSON.stringify({ '/discover': ['/v1/users/me'] }));
    expect(run()).toBeUndefined();
    localStorage.setItem(tokenKey, 'token-1');
    localStorage.setItem(firstReadsStorageKey, '{broken');
    expect(run()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
