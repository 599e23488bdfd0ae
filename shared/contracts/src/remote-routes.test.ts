import { remoteForPath, remoteRootPath } from './remote-routes';

describe('which remote a path shows', () => {
  it.each([
    ['/chats', 'chat'],
    ['/chats/', 'chat'],
    ['/chats/42', 'chat'],
    ['/CHATS/42', 'chat'],
    ['/discover', 'discover'],
    ['/creators/abc', 'discover'],
    ['/home', 'discover'],
    ['/', 'discover'],
    ['/account', 'account'],
    ['/account/settings/privacy', 'account'],
    ['/notifications', 'account'],
    ['/account/earnings', 'payouts'],
    ['/account/earnings/summary', 'payouts'],
    ['/luna-rivers', 'discover'],
    ['/Luna-Rivers/', 'discover'],
  ])('%s is %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/login', '/maintenance', '/nowhere/chats', '/terms', '/v1', '/robots.txt', '/-bad-', '/a'])(
    '%s is the shell’s own',
    (path) => {
      expect(remoteForPath(path)).toBeNull();
    },
  );

  it('gives each remote a root page that is its own', () => {
    for (const remote of ['chat', 'discover', 'account', 'payouts'] as const) {
      expect(remoteForPath(remoteRootPath(remote))).toBe(remote);
    }
    expect(remoteRootPath('payouts')).toBe('/account/earnings');
  });
});
