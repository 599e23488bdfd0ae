import { fetchRegistry, parseRegistry, registryReader, RegistryError, targetOf } from './registry-client';

const doc = {
  schemaVersion: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  remotes: {
    chat: {
      current: '20260101T000000Z-aaaa1111',
      versions: [
        { version: '20260101T000000Z-aaaa1111', publishedAt: '2026-01-01T00:00:00.000Z', contentHash: 'a' },
      ],
      history: [
        { at: '2026-01-01T00:00:00.000Z', action: 'publish', from: null, to: '20260101T000000Z-aaaa1111' },
      ],
    },
    discover: { current: null, versions: [], history: [] },
  },
};

function answer(status: number, body: unknown): typeof fetch {
  return jest.fn(async () => ({ ok: status < 400, status, json: async () => body }) as unknown as Response);
}

describe('registry parsing', () => {
  it('gives the manifest of each remote’s current version', () => {
    expect(targetOf(parseRegistry(doc), 'chat')).toEqual({
      remote: 'chat',
      version: '20260101T000000Z-aaaa1111',
      entry: '/mf/chat/20260101T000000Z-aaaa1111/mf-manifest.json',
    });
  });

  it('says when a remote has never been released', () => {
    const reg = parseRegistry(doc);
    expect(() => targetOf(reg, 'discover')).toThrow('No version of discover has been released.');
    expect(() => targetOf(reg, 'payouts')).toThrow(RegistryError);
  });

  it.each([
    ['not an object', 'nope'],
    ['a wrong schema version', { ...doc, schemaVersion: 2 }],
    ['an unknown remote', { ...doc, remotes: { billing: doc.remotes.chat } }],
    ['a version with a slash', { ...doc, remotes: { chat: { ...doc.remotes.chat, current: '../etc' } } }],
  ])('rejects %s', (_name, value) => {
    expect(() => parseRegistry(value)).toThrow(RegistryError);
  });

  it('reads /mf/registry.json past every cache', async () => {
    const fetchImpl = answer(200, doc);
    await fetchRegistry(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/mf/registry.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('fails clearly when the registry is unreachable or answers an error', async () => {
    await expect(fetchRegistry(answer(404, {}))).rejects.toThrow('The release registry answered 404.');
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(fetchRegistry(offline)).rejects.toThrow('The release registry could not be reached.');
  });
});

/** A page as the server sends it: the registry in a JSON script element (or `text` there as it is). */
function pageWith(text: string | null): Document {
  const page = document.implementation.createHTMLDocument('Cove');
  if (text !== null) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = 'cove-registry';
    script.textContent = text;
    page.head.append(script);
  }
  return page;
}

const rolledBack = {
  ...doc,
  remotes: { chat: { ...doc.remotes.chat, current: '20251201T000000Z-bbbb2222' } },
};

describe('the registry written into the page', () => {
  it('is the first read, with no fetch; later reads fetch the registry as it is now', async () => {
    const fetchImpl = answer(200, rolledBack);
    const read = registryReader(pageWith(JSON.stringify(doc)), fetchImpl);
    expect(targetOf(await read(), 'chat').version).toBe('20260101T000000Z-aaaa1111');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(targetOf(await read(), 'chat').version).toBe('20251201T000000Z-bbbb2222');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a page without it (a dev or test server)', null],
    ['an empty one', ''],
    ['one that is not JSON', '{"schemaVersion":'],
    ['one in another shape', JSON.stringify({ ...doc, schemaVersion: 2 })],
  ])('falls back to fetching for %s', async (_name, text) => {
    const fetchImpl = answer(200, doc);
    const read = registryReader(pageWith(text), fetchImpl);
    expect(targetOf(await read(), 'chat').version).toBe('20260101T000000Z-aaaa1111');
    expect(fetchImpl).toHaveBeenCalledWith('/mf/registry.json', expect.anything());
  });
});
