import { fetchRegistry, parseRegistry, RegistryError, targetOf } from './registry-client';

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
