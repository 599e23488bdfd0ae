import { messages } from '@cove/contracts';
import { tokenKey } from '@cove/runtime';
import { testConfig, testUser } from '@cove/runtime/testing';
import { call, fakeServices } from '../test/fake-services';
import { bannedRedirectMs, sessionEndedNotice } from './account';
import { bannedFlag } from './stored-flags';

const config = (is_guest: boolean) => testConfig({ is_guest });

function setup() {
  const fake = fakeServices();
  const popups: string[] = [];
  fake.services.popupStore.subscribe(() => undefined);
  const open = fake.services.host.popups.open;
  fake.services.host.popups.open = (spec) => {
    popups.push(spec.kind);
    return open(spec);
  };
  return { ...fake, popups, account: fake.services.account, session: fake.services.host.session };
}

beforeEach(() => window.localStorage.clear());

describe('session', () => {
  it('boots signed out without a token, and signed in with one, opening the socket', async () => {
    const out = setup();
    out.respond(() => config(true));
    await out.account.boot(new AbortController().signal);
    expect(out.session.status).toBe('signed-out');
    expect(out.realtime.start).not.toHaveBeenCalled();

    window.localStorage.setItem(tokenKey, 'tok');
    const s = setup();
    s.respond(({ path }) => (path === '/v1/users/me' ? testUser() : config(false)));
    await s.account.boot(new AbortController().signal);
    expect(s.session).toMatchObject({ status: 'signed-in', credits: 250, config: { is_guest: false } });
    expect(s.realtime.start).toHaveBeenCalled();
  });

  it('redeems a sign-in link: stores the token and goes where the person was heading', async () => {
    const s = setup();
    window.localStorage.setItem('cove:after-sign-in', '/chats/u-9');
    s.answer('POST', '/v1/auth', { token: 'fresh', user: testUser() });
    s.respond(() => config(false));
    await expect(s.account.redeemLink('link-token')).resolves.toBe('/chats/u-9');
    expect(s.calls).toContainEqual(call('POST', '/v1/auth', { token: 'link-token' }));
    expect(window.localStorage.getItem(tokenKey)).toBe('fresh');
    expect(s.session.status).toBe('signed-in');
  });

  it('leads a person signing in after their ban was lifted through /clear-token, and clears the flag', async () => {
    const s = setup();
    bannedFlag.set();
    s.answer('POST', '/v1/auth', { token: 'fresh', user: testUser() });
    s.respond(() => config(false));
    await expect(s.account.redeemLink('link-token')).resolves.toBe('/clear-token');
    expect(s.calls).toContainEqual(call('POST', '/v1/auth', { token: 'link-token' }));
    expect(window.localStorage.getItem(tokenKey)).toBe('fresh');
    expect(bannedFlag.get()).toBe(false);
    expect(s.session.status).toBe('signed-in');
  });

  it('takes a creator to her inbox after a sign-in link, and a fan going nowhere to Discover', async () => {
    const creator = setup();
    window.localStorage.setItem('cove:after-sign-in', '/discover');
    creator.answer('POST', '/v1/auth', { token: 'fresh', user: testUser({ type: 'featured' }) });
    creator.respond(() => config(false));
    await expect(creator.account.redeemLink('link-token')).resolves.toBe('/chats');

    const fan = setup();
    fan.answer('POST', '/v1/auth', { token: 'fresh', user: testUser() });
    fan.respond(() => config(false));
    await expect(fan.account.redeemLink('link-token')).resolves.toBe('/discover');
  });

  it('logs out on the server and here, then shows the sign-in screen', async () => {
    window.localStorage.setItem(tokenKey, 'tok');
    const s = setup();
    s.respond(() => testUser());
    await s.account.reload();
    await s.account.logout();
    expect(s.calls).toContainEqual(call('DELETE', '/v1/auth'));
    expect(window.localStorage.getItem(tokenKey)).toBeNull();
    expect(s.session).toMatchObject({ status: 'signed-out', user: null });
    expect(s.realtime.stop).toHaveBeenCalled();
    expect(s.navigate).toHaveBeenCalledWith('/login', { replace: true, state: undefined });
  });

  it('signs out when a guest config arrives while a token is stored', () => {
    window.localStorage.setItem(tokenKey, 'dead');
    const s = setup();
    s.account.applyConfig(config(true));
    expect(window.localStorage.getItem(tokenKey)).toBeNull();
    expect(s.navigate).toHaveBeenCalledWith('/login', {
      replace: true,
      state: { notice: sessionEndedNotice },
    });
  });

  it('keeps a session begun while a guest config was on its way (another tab signed in)', () => {
    const s = setup();
    window.localStorage.setItem(tokenKey, 'fresh');
    s.account.applyConfig(config(true), null);
    expect(window.localStorage.getItem(tokenKey)).toBe('fresh');
    expect(s.navigate).not.toHaveBeenCalled();
  });

  it('runs the banned flow once: sign out, the terminated popup, then / after 200 ms', async () => {
    window.localStorage.setItem(tokenKey, 'tok');
    const s = setup();
    s.respond(() => testUser());
    await s.account.reload();
    s.account.banned();
    s.account.banned();
    expect(s.session.status).toBe('signed-out');
    expect(window.localStorage.getItem(tokenKey)).toBeNull();
    expect(bannedFlag.get()).toBe(true);
    expect(s.popups).toEqual(['account-terminated']);
    expect(s.scheduled).toHaveLength(1);
    expect(s.scheduled[0]?.ms).toBe(bannedRedirectMs);
    expect(s.navigate).not.toHaveBeenCalled();
    s.scheduled[0]?.fn();
    expect(s.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('clears popups on 403 and 423; code suspended bans, code frozen shows the frozen popup', async () => {
    window.localStorage.setItem(tokenKey, 'tok');
    const s = setup();
    s.respond(() => testUser());
    await s.account.reload();
    s.services.host.popups.open({ kind: 'upload-in-progress' });
    s.account.forbidden({ status: 403, message: 'Forbidden', code: 'forbidden' });
    // The text alone means nothing: only the code bans.
    s.account.forbidden({ status: 403, message: messages.suspended, code: 'forbidden' });
    expect(s.services.popupStore.snapshot()).toEqual([]);
    expect(s.session.status).toBe('signed-in');

    s.account.forbidden({ status: 423, message: messages.frozen, code: 'frozen' });
    expect(s.session.user?.frozen).toBe(true);
    expect(s.services.popupStore.snapshot().map((p) => p.spec.kind)).toEqual(['account-frozen']);

    s.account.forbidden({ status: 403, message: messages.suspended, code: 'suspended' });
    expect(s.session.status).toBe('signed-out');
    expect(s.services.popupStore.snapshot().map((p) => p.spec.kind)).toEqual(['account-terminated']);
  });
});
