import { eq } from 'drizzle-orm';
import { recoveryCodes, secondFactors } from '../../src/db/schema';
import { as } from '../helpers/api';
import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeNow, enrol, redeemLink, stepper } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

describe('enrolment', () => {
  it('shows a secret and its QR code, turns on with a first code, and keeps the secret sealed', async () => {
    const p = await person(t);
    expect((await p.api.get('/v1/account/security')).json()).toEqual({
      totp: false,
      passkeys: [],
      recovery_codes_left: 0,
      required: false,
      session_passed: true,
    });
    const started = await p.api.post('/v1/account/security/totp');
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Cove%3A${encodeURIComponent(p.user.email)}?secret=${secret}&issuer=Cove&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    // Not on until confirmed: a wrong code changes nothing.
    const wrong = await p.api.post('/v1/account/security/totp/confirm', { code: '000000' });
    expect(errorOf(wrong)).toEqual([400, 'wrong_factor_code']);
    expect((await p.api.get('/v1/account/security')).json().totp).toBe(false);

    const confirmed = await p.api.post('/v1/account/security/totp/confirm', { code: codeNow(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/));
    expect((await p.api.get('/v1/account/security')).json()).toEqual({
      totp: true,
      passkeys: [],
      recovery_codes_left: 10,
      required: false,
      session_passed: true,
    });

    // At rest: neither the secret nor any recovery code in the clear.
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, p.user.id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    const stored = JSON.stringify(
      await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, p.user.id)),
    );
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }

    // Once on, a new start is refused.
    expect(errorOf(await p.api.post('/v1/account/security/totp'))).toEqual([409, 'factor_already_on']);
  });

  it('signs out every other session when it turns on (they never passed it)', async () => {
    const p = await person(t);
    const other = await person(t);
    const second = as(t.app, (await redeemLink(t.app, p.user.email)).json().token);
    expect((await second.get('/v1/users/me')).statusCode).toBe(200);
    await enrol(p);
    expect((await second.get('/v1/users/me')).statusCode).toBe(401);
    expect((await p.api.get('/v1/users/me')).statusCode).toBe(200);
    expect((await other.api.get('/v1/users/me')).statusCode).toBe(200);
  });

  it('confirming without a start, or with a stale start, is refused', async () => {
    const p = await person(t);
    expect(errorOf(await p.api.post('/v1/account/security/totp/confirm', { code: '123456' }))).toEqual([
      409,
      'factor_not_started',
    ]);
    const first = (await p.api.post('/v1/account/security/totp')).json().secret;
    await p.api.post('/v1/account/security/totp');
    // The first secret was replaced: its code no longer confirms.
    expect(errorOf(await p.api.post('/v1/account/security/totp/confirm', { code: codeNow(first) }))).toEqual([
      400,
      'wrong_factor_code',
    ]);
  });
});

describe('signing in with the second step', () => {
  it('a link gives only a limited token; the app code finishes, and a replayed code is refused', async () => {
    const p = await person(t);
    const { secret } = await enrol(p);

    const link = await redeemLink(t.app, p.user.email);
    expect(link.statusCode).toBe(200);
    const body = link.json();
    expect(body).toEqual({ second_step_token: expect.any(String), second_step: true });
    const half = stepper(t.app, body.second_step_token);
    // The limited token is no session: nothing the person owns answers to it.
    expect(errorOf(await as(t.app, body.second_step_token).get('/v1/users/me'))).toEqual([
      401,
      'unauthorized',
    ]);

    expect(errorOf(await half.post('/v1/auth/second-step', { code: '999999' }))).toEqual([
      400,
      'wrong_factor_code',
    ]);
    // The code the enrolment took is spent; the next step's code is not.
    const used = await half.post('/v1/auth/second-step', { code: codeNow(secret) });
    expect(errorOf(used)).toEqual([400, 'factor_code_used']);
    const done = await half.post('/v1/auth/second-step', { code: codeNow(secret, 1) });
    expect(done.statusCode).toBe(200);
    expect(done.json().user._id).toBe(p.user.id);
    const full = as(t.app, done.json().token);
    expect((await full.get('/v1/users/me')).statusCode).toBe(200);
    expect((await full.get('/v1/account/security')).json().session_passed).toBe(true);
    // The limited token was spent by finishing.
    expect(errorOf(await half.post('/v1/auth/second-step', { code: codeNow(secret, 1) }))).toEqual([
      401,
      'unauthorized',
    ]);

    // The same code in another sign-in, within its window: a replay.
    const again = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
    expect(errorOf(await again.post('/v1/auth/second-step', { code: codeNow(secret, 1) }))).toEqual([
      400,
      'factor_code_used',
    ]);
  });

  it('a recovery code finishes a sign-in once; it is then spent', async () => {
    const p = await person(t);
    const { recoveryCodes: codes } = await enrol(p);
    const code = codes[3] ?? '';
    const first = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
    // Typed loosely: upper case, no dash.
    const done = await first.post('/v1/auth/second-step', { code: code.replace('-', '').toUpperCase() });
    expect(done.statusCode).toBe(200);
    expect((await as(t.app, done.json().token).get('/v1/account/security')).json().recovery_codes_left).toBe(
      9,
    );

    const second = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
    expect(errorOf(await second.post('/v1/auth/second-step', { code }))).toEqual([400, 'wrong_factor_code']);
  });

  it('five wrong codes sign the limited session out', async () => {
    const p = await person(t);
    const { secret } = await enrol(p);
    const half = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
    for (let i = 0; i < 5; i++) {
      expect(errorOf(await half.post('/v1/auth/second-step', { code: 'aaaa-aaaa' }))).toEqual([
        400,
        'wrong_factor_code',
      ]);
    }
    expect(errorOf(await half.post('/v1/auth/second-step', { code: codeNow(secret, 1) }))).toEqual([
      429,
      'factor_locked',
    ]);
    expect(errorOf(await half.post('/v1/auth/second-step', { code: codeNow(secret, 1) }))).toEqual([
      401,
      'unauthorized',
    ]);
  });

  it('new recovery codes need a current code and replace the old set', async () => {
    const p = await person(t);
    const { secret, recoveryCodes: old } = await enrol(p);
    expect(errorOf(await p.api.post('/v1/account/security/recovery-codes', { code: '111111' }))).toEqual([
      400,
      'wrong_factor_code',
    ]);
    const made = await p.api.post('/v1/account/security/recovery-codes', { code: codeNow(secret, 1) });
    expect(made.statusCode).toBe(200);
    const fresh = made.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    const half = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
    expect(errorOf(await half.post('/v1/auth/second-step', { code: old[0] ?? '' }))).toEqual([
      400,
      'wrong_factor_code',
    ]);
    expect((await half.post('/v1/auth/second-step', { code: fresh[0] ?? '' })).statusCode).toBe(200);
  });
});

describe('staff', () => {
  it('a staff session that has not passed a factor is refused by staff routes until it enrols', async () => {
    const staff = await person(t, { isStaff: true });
    // A session from a sign-in without a factor, as the magic link leaves staff who have none yet.
    const session = as(t.app, (await redeemLink(t.app, staff.user.email)).json().token);
    expect((await session.get('/v1/account/security')).json()).toMatchObject({
      totp: false,
      required: true,
      session_passed: false,
    });
    expect(errorOf(await session.get('/v1/admin/applications'))).toEqual([403, 'factor_setup_required']);
    const { secret } = await enrol({ ...staff, api: session });
    expect((await session.get('/v1/admin/applications')).statusCode).toBe(200);
    // And the next sign-in asks for the code.
    const next = (await redeemLink(t.app, staff.user.email)).json();
    expect(next.second_step).toBe(true);
    const done = await stepper(t.app, next.second_step_token).post('/v1/auth/second-step', {
      code: codeNow(secret, 1),
    });
    expect((await as(t.app, done.json().token).get('/v1/admin/applications')).statusCode).toBe(200);
  });
});
