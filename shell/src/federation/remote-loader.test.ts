import { emptyRegistry, type Registry } from '@cove/contracts';
import { registryReader } from './registry-client';
import { createRemoteLoader, type FederationRuntime } from './remote-loader';

function registryWith(chatVersion: string): Registry {
  return {
    ...emptyRegistry(),
    remotes: {
      chat: {
        current: chatVersion,
        versions: [{ version: chatVersion, publishedAt: '2026-01-01T00:00:00.000Z', contentHash: 'h' }],
        history: [],
      },
    },
  };
}

const App = () => null;

function fakeRuntime(outcomes: (unknown | Error)[]) {
  const registered: { entry: string; force: boolean }[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) =>
      remotes.forEach((r) => registered.push({ entry: r.entry, force: options?.force ?? false })),
    loadRemote: async <T>() => {
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return next as T;
    },
  };
  return { runtime, registered };
}

describe('remote loader', () => {
  it('registers the registry’s current version and returns its App with what it was built against', async () => {
    const { runtime, registered } = fakeRuntime([{ default: App, builtWith: { host: 7, realtime: 3 } }]);
    const loader = createRemoteLoader(runtime, async () => registryWith('v1'));
    await expect(loader.load('chat')).resolves.toEqual({
      version: 'v1',
      App,
      builtWith: { host: 7, realtime: 3 },
    });
    expect(registered).toEqual([{ entry: '/mf/chat/v1/mf-manifest.json', force: false }]);
    expect(loader.versionOf('chat')).toBe('v1');
    expect(loader.peek('chat')?.version).toBe('v1');
  });

  it('after a failure, reads the registry again and registers afresh past the failed fetch', async () => {
    const { runtime, registered } = fakeRuntime([new Error('ChunkLoadError'), { default: App }]);
    const versions = ['v1', 'v0'];
    const readRegistry = jest.fn(async () => registryWith(versions.shift() ?? 'v0'));
    const loader = createRemoteLoader(runtime, readRegistry);
    await expect(loader.load('chat')).rejects.toThrow('chat@v1 did not load (Error: ChunkLoadError)');
    expect(loader.versionOf('chat')).toBe('v1');
    await expect(loader.load('chat')).resolves.toMatchObject({ version: 'v0' });
    expect(readRegistry).toHaveBeenCalledTimes(2);
    expect(registered[1]).toEqual({ entry: '/mf/chat/v0/mf-manifest.json?attempt=2', force: true });
  });

  it('registers every released remote at boot, then loads one without registering it again', async () => {
    const { runtime, registered } = fakeRuntime([{ default: App }]);
    const readRegistry = jest.fn(async () => registryWith('v1'));
    const loader = createRemoteLoader(runtime, readRegistry);
    await loader.warm();
    expect(registered).toEqual([{ entry: '/mf/chat/v1/mf-manifest.json', force: false }]);
    await expect(loader.load('chat')).resolves.toMatchObject({ version: 'v1' });
    expect(registered).toHaveLength(1);
    expect(readRegistry).toHaveBeenCalledTimes(1);
  });

  it('boots on the registry in the page, and reads the served one when a load fails', async () => {
    const page = document.implementation.createHTMLDocument('Cove');
    page.head.innerHTML = `<script type="application/json" id="cove-registry">${JSON.stringify(registryWith('v1'))}</script>`;
    const fetchImpl = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => registryWith('v0') }) as unknown as Response,
    );
    const { runtime, registered } = fakeRuntime([new Error('ChunkLoadError'), { default: App }]);
    const loader = createRemoteLoader(runtime, registryReader(page, fetchImpl));
    await loader.warm();
    expect(registered).toEqual([{ entry: '/mf/chat/v1/mf-manifest.json', force: false }]);
    expect(fetchImpl).not.toHaveBeenCalled();
    await expect(loader.load('chat')).rejects.toThrow('chat@v1 did not load');
    // The retry sees the rollback made since the page was sent.
    await expect(loader.load('chat')).resolves.toMatchObject({ version: 'v0' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('refuses a module without an App component', async () => {
    const { runtime } = fakeRuntime([{ default: 'not a component' }]);
    const loader = createRemoteLoader(runtime, async () => registryWith('v1'));
    await expect(loader.load('chat')).rejects.toThrow('chat@v1 has no ./App component');
  });

  it('fails without loading anything when the registry is unreachable, and tries the registry again next time', async () => {
    const { runtime, registered } = fakeRuntime([{ default: App }]);
    const readRegistry = jest
      .fn<Promise<Registry>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(registryWith('v1'));
    const loader = createRemoteLoader(runtime, readRegistry);
    await expect(loader.load('chat')).rejects.toThrow('offline');
    expect(registered).toEqual([]);
    await expect(loader.load('chat')).resolves.toMatchObject({ version: 'v1' });
  });
});

describe('remote loader with a canary', () => {
  const withCanary = (): Registry => {
    const reg = registryWith('stable');
    const chat = reg.remotes.chat;
    if (chat) chat.canary = { version: 'canary', percent: 50, startedAt: '2026-01-01T00:00:00.000Z' };
    return reg;
  };
  // Two ids on either side of the 50% line (canaryBucket for chat: 'id-1' is 42, 'id-4' is 87).
  const inCanary = 'id-1';
  const inStable = 'id-4';

  it.each([
    [inCanary, 'canary'],
    [inStable, 'stable'],
  ])('runs the version the browser %s is assigned, and says it loaded', async (browserId, version) => {
    const { runtime, registered } = fakeRuntime([{ default: App }]);
    const onLoaded = jest.fn();
    const loader = createRemoteLoader(runtime, async () => withCanary(), { browserId, onLoaded });
    await expect(loader.load('chat')).resolves.toMatchObject({ version });
    expect(registered).toEqual([{ entry: `/mf/chat/${version}/mf-manifest.json`, force: false }]);
    expect(onLoaded).toHaveBeenCalledWith('chat', version);
  });

  it('runs the current version without a browser id', async () => {
    const { runtime } = fakeRuntime([{ default: App }]);
    const loader = createRemoteLoader(runtime, async () => withCanary());
    await expect(loader.load('chat')).resolves.toMatchObject({ version: 'stable' });
  });
});
