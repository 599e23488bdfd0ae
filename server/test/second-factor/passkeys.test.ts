import { eq } from 'drizzle-orm';
import { passkeys } from '../../src/db/schema';
import { as } from '../helpers/api';
import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from './authenticator';
import { addPasskey, authenticatorFor, confirmation } from './passkey-helpers';
import { codeNow, enrol, redeemLink } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];
const authenticator = () => authenticatorFor(t.config.publicUrl);

describe('adding passkeys', () => {
  it('a first passkey turns the factor on: listed by name, recovery codes once, other sessions out', async () => {
    const p = await person(t);
    const other = as(t.app, (await redeemLink(t.app, p.user.email)).json().token);
    const added = await addPasskey(p, authenticator(), 'Work laptop');
    expect(added.statusCode).toBe(200);
    expect(added.json().passkey).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(added.json().recovery_codes).toHaveLength(10);
    expect((await other.get('/v1/users/me')).statusCode).toBe(401);
    const status = (await p.api.get('/v1/account/security')).json();
    expect(status).toMatchObject({ totp: false, recovery_codes_left: 10, session_passed: true });
    expect(status.passkeys.map((k: { name: string }) => k.name)).toEqual(['Work laptop']);
    // The next sign-in stops at the second step.
    expect((await redeemLink(t.app, p.user.email)).json().second_step).toBe(true);
  });

  it('a further passkey needs the factor the person has; it makes no new recovery codes', async () => {
    const p = await person(t);
    const first = authenticator();
    await addPasskey(p, first);
    expect(errorOf(await addPasskey(p, authenticator(), 'Phone'))).toEqual([400, 'factor_code_needed']);
    const second = await addPasskey(p, authenticator(), 'Phone', await confirmation(p, first));
    expect(second.statusCode).toBe(200);
    expect(second.json().recovery_codes).toEqual([]);
    expect((await p.api.get('/v1/account/security')).json().passkeys).toHaveLength(2);
  });

  it('beside the app, a passkey is confirmed with the app; beside a passkey, the app with the passkey', async () => {
    const withApp = await person(t);
    const { secret } = await enrol(withApp);
    expect(errorOf(await addPasskey(withApp, authenticator()))).toEqual([400, 'factor_code_needed']);
    expect((await addPasskey(withApp, authenticator(), 'Key', codeNow(secret, 1))).statusCode).toBe(200);

    const withKey = await person(t);
    const key = authenticator();
    await addPasskey(withKey, key);
    const started = (await withKey.api.post('/v1/account/security/totp')).json();
    const code = codeNow(started.secret);
    expect(errorOf(await withKey.api.post('/v1/account/security/totp/confirm', { code }))).toEqual([
      400,
      'factor_code_needed',
    ]);
    const on = await withKey.api.post('/v1/account/security/totp/confirm', {
      code: codeNow(started.secret, 1),
      current: await confirmation(withKey, key),
    });
    expect(on.statusCode).toBe(200);
    expect((await withKey.api.get('/v1/account/security')).json()).toMatchObject({ totp: true });
  });

  it('a registration answer is taken once, and not for a challenge of another session', async () => {
    const p = await person(t);
    const auth = authenticator();
    const options = (await p.api.post('/v1/account/security/passkeys/options')).json();
    const response = auth.register(options);
    const elsewhere = as(t.app, (await redeemLink(t.app, p.user.email)).json().token);
    expect(
      errorOf(await elsewhere.post('/v1/account/security/passkeys', { name: 'Stolen', response })),
    ).toEqual([400, 'passkey_expired']);
    expect((await p.api.post('/v1/account/security/passkeys', { name: 'Mine', response })).statusCode).toBe(
      200,
    );
    expect(errorOf(await p.api.post('/v1/account/security/passkeys', { name: 'Again', response }))).toEqual([
      400,
      'passkey_expired',
    ]);
  });

  it('an answer for another origin is refused and nothing is stored', async () => {
    const p = await person(t);
    const foreign = new SoftAuthenticator('https://evil.example');
    const options = (await p.api.post('/v1/account/security/passkeys/options')).json();
    const refused = await p.api.post('/v1/account/security/passkeys', {
      name: 'Evil',
      response: foreign.register(options),
    });
    expect(errorOf(refused)).toEqual([400, 'passkey_failed']);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, p.user.id))).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('finishes the second step, marks the passkey used, and an answer cannot be replayed', async () => {
    const p = await person(t);
    const auth = authenticator();
    await addPasskey(p, auth);
    const link = (await redeemLink(t.app, p.user.email)).json();
    const options = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/second-step/passkey-options',
      payload: { second_step_token: link.second_step_token },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().rpId).toBe(new URL(t.config.publicUrl).hostname);
    const passkey = auth.assert(options.json());
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/second-step',
      payload: { second_step_token: link.second_step_token, passkey },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = as(t.app, done.json().token);
    const status = (await signedIn.get('/v1/account/security')).json();
    expect(status.session_passed).toBe(true);
    expect(status.passkeys[0].last_used_at).not.toBeNull();

    // The same answer on a new sign-in: its challenge was taken.
    const again = (await redeemLink(t.app, p.user.email)).json();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/second-step',
      payload: { second_step_token: again.second_step_token, passkey },
    });
    expect(errorOf(replay)).toEqual([400, 'passkey_expired']);
  });

  it("refuses another person's passkey, and a counter that went back (a cloned key)", async () => {
    const p = await person(t);
    const mine = authenticator();
    await addPasskey(p, mine);
    const someoneElse = await person(t);
    const theirs = authenticator();
    await addPasskey(someoneElse, theirs);

    const options = (await p.api.post('/v1/account/security/passkeys/confirm-options')).json();
    const foreign = await p.api.post('/v1/account/security/passkeys/confirm', {
      response: theirs.assert(options),
    });
    expect(errorOf(foreign)).toEqual([400, 'passkey_failed']);

    await confirmation(p, mine);
    mine.counter -= 2;
    const cloned = (await p.api.post('/v1/account/security/passkeys/confirm-options')).json();
    expect(
      errorOf(await p.api.post('/v1/account/security/passkeys/confirm', { response: mine.assert(cloned) })),
    ).toEqual([400, 'passkey_failed']);
  });

  it('a person without a passkey is told so at the second step', async () => {
    const p = await person(t);
    await enrol(p);
    const link = (await redeemLink(t.app, p.user.email)).json();
    const options = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/second-step/passkey-options',
      payload: { second_step_token: link.second_step_token },
    });
    expect(errorOf(options)).toEqual([409, 'passkey_none']);
  });

  it('a full session is no second-step token', async () => {
    const p = await person(t);
    await addPasskey(p, authenticator());
    const options = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/second-step/passkey-options',
      payload: { second_step_token: p.token },
    });
    expect(options.statusCode).toBe(401);
  });
});

describe('removing passkeys', () => {
  it('removes one of two; the last factor stays; another person’s answers 404', async () => {
    const p = await person(t);
    const first = authenticator();
    await addPasskey(p, first, 'One');
    await addPasskey(p, authenticator(), 'Two', await confirmation(p, first));
    const [one, two] = (await p.api.get('/v1/account/security')).json().passkeys as { _id: string }[];
    const stranger = await person(t);
    expect(errorOf(await stranger.api.delete(`/v1/account/security/passkeys/${one?._id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect((await p.api.delete(`/v1/account/security/passkeys/${one?._id}`)).statusCode).toBe(204);
    expect(errorOf(await p.api.delete(`/v1/account/security/passkeys/${two?._id}`))).toEqual([
      409,
      'last_factor',
    ]);
    expect((await p.api.get('/v1/account/security')).json().passkeys).toHaveLength(1);
  });

  it('beside the app, the last passkey may go', async () => {
    const p = await person(t);
    const { secret } = await enrol(p);
    await addPasskey(p, authenticator(), 'Key', codeNow(secret, 1));
    const [key] = (await p.api.get('/v1/account/security')).json().passkeys as { _id: string }[];
    expect((await p.api.delete(`/v1/account/security/passkeys/${key?._id}`)).statusCode).toBe(204);
  });
});

it('a passkey confirmation is for one use, by the session that made it', async () => {
  const p = await person(t);
  const auth = authenticator();
  await addPasskey(p, auth);
  const token = await confirmation(p, auth);
  const link = (await redeemLink(t.app, p.user.email)).json();
  const options = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/second-step/passkey-options',
    payload: { second_step_token: link.second_step_token },
  });
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/second-step',
    payload: { second_step_token: link.second_step_token, passkey: auth.assert(options.json()) },
  });
  const other = as(t.app, signedIn.json().token);
  expect(errorOf(await other.post('/v1/account/security/recovery-codes', { code: token }))).toEqual([
    400,
    'wrong_factor_code',
  ]);
  expect((await p.api.post('/v1/account/security/recovery-codes', { code: token })).statusCode).toBe(200);
  expect(errorOf(await p.api.post('/v1/account/security/recovery-codes', { code: token }))).toEqual([
    400,
    'wrong_factor_code',
  ]);
});
