import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDevRemotes, parseDevRemote, requestedDevRemotes, withDevRemotes } from './dev-remotes';
import { DevRemotesBadge } from './DevRemotesBadge';
import type { FederationRuntime } from './remote-loader';

const chatDev = 'http://localhost:3101/mf-manifest.json';

function answer(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status < 400, status, json: async () => body }) as unknown as Response);
}

const page = (query: string) => new URL(`https://cove.test/chats${query}`);

beforeEach(() => window.sessionStorage.clear());

describe('dev remotes', () => {
  it('reads `remote@manifest URL`, and nothing else', () => {
    expect(parseDevRemote(`chat@${chatDev}`)).toEqual(['chat', chatDev]);
    expect(parseDevRemote(`billing@${chatDev}`)).toBeNull();
    expect(parseDevRemote('chat@javascript:alert(1)')).toBeNull();
    expect(parseDevRemote('chat')).toBeNull();
  });

  it('keeps the override for the tab, takes it out of the address, and ends it with off', () => {
    const history = { state: null, replaceState: jest.fn() } as unknown as History;
    const asked = requestedDevRemotes(
      window.sessionStorage,
      page(`?tab=all&cove-dev=chat@${chatDev}`),
      history,
    );
    expect([...asked]).toEqual([['chat', chatDev]]);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/chats?tab=all');
    // A reload of the tab, without the parameter, keeps it.
    expect([...requestedDevRemotes(window.sessionStorage, page(''))]).toEqual([['chat', chatDev]]);
    expect(requestedDevRemotes(window.sessionStorage, page('?cove-dev=off')).size).toBe(0);
    expect(requestedDevRemotes(window.sessionStorage, page('')).size).toBe(0);
  });

  it('runs the overrides only when the server allows dev remotes', async () => {
    const allowed = answer(200, { allowed: true });
    const remotes = await loadDevRemotes(
      window.sessionStorage,
      page(`?cove-dev=chat@${chatDev}`),
      undefined,
      allowed,
    );
    expect([...remotes]).toEqual([['chat', chatDev]]);
    expect(allowed).toHaveBeenCalledWith('/dev/remotes', expect.anything());

    // Production has no such route: the tab forgets the override and runs the released chat.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = answer(404, { message: 'Not found' });
    expect((await loadDevRemotes(window.sessionStorage, page(''), undefined, refused)).size).toBe(0);
    expect(warn).toHaveBeenCalledWith('This site does not allow dev remotes, so chat run as released.');
    expect(requestedDevRemotes(window.sessionStorage, page('')).size).toBe(0);
    warn.mockRestore();
  });

  it('asks the server nothing when no override was asked for', async () => {
    const fetchImpl = answer(200, { allowed: true });
    expect((await loadDevRemotes(window.sessionStorage, page(''), undefined, fetchImpl)).size).toBe(0);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('registers an overridden remote at its dev server, with the retry marker, and others as released', () => {
    const registered: { name: string; entry: string }[][] = [];
    const runtime: FederationRuntime = {
      registerRemotes: (list) => void registered.push(list),
      loadRemote: () => Promise.resolve(null),
    };
    const dev = withDevRemotes(runtime, new Map([['chat', chatDev]]));
    dev.registerRemotes([
      { name: 'cove_chat', entry: '/mf/chat/v1/mf-manifest.json?attempt=2' },
      { name: 'cove_discover', entry: '/mf/discover/v1/mf-manifest.json' },
    ]);
    expect(registered).toEqual([
      [
        { name: 'cove_chat', entry: `${chatDev}?attempt=2` },
        { name: 'cove_discover', entry: '/mf/discover/v1/mf-manifest.json' },
      ],
    ]);
  });

  it('shows where each dev remote comes from, with a way to turn it off', async () => {
    const turnOff = jest.fn();
    const watch = jest.fn(() => () => {});
    render(<DevRemotesBadge remotes={new Map([['chat', chatDev]])} turnOff={turnOff} watch={watch} />);
    const badge = screen.getByRole('complementary', { name: 'Dev remotes' });
    expect(badge).toHaveTextContent('chat from localhost:3101 (dev)');
    expect(watch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(turnOff).toHaveBeenCalledTimes(1);
  });
});
