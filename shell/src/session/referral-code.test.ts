import { testUser } from '@cove/runtime/testing';
import { applyReferralCode, keepReferralCode } from './referral-code';

const account = () => ({ patch: jest.fn().mockResolvedValue(testUser()) });

beforeEach(() => window.localStorage.clear());

describe('the referral code of the link a visitor arrived with', () => {
  it('becomes the code_used of an account without one at its sign-in, once', async () => {
    keepReferralCode('?code=luna-rivers&utm=x');
    const a = account();
    await applyReferralCode(testUser({ code_used: null }), a);
    expect(a.patch).toHaveBeenCalledWith({ code_used: 'luna-rivers' });

    const next = account();
    await applyReferralCode(testUser({ code_used: null }), next);
    expect(next.patch).not.toHaveBeenCalled();
  });

  it('leaves an account that already has a code as it is, and is dropped', async () => {
    keepReferralCode('?code=luna-rivers');
    const a = account();
    await applyReferralCode(testUser({ code_used: 'tiger1' }), a);
    expect(a.patch).not.toHaveBeenCalled();
    await applyReferralCode(testUser({ code_used: null }), a);
    expect(a.patch).not.toHaveBeenCalled();
  });

  it('keeps nothing from an address without a code, and the latest link wins', async () => {
    keepReferralCode('');
    keepReferralCode('?code=%20');
    const none = account();
    await applyReferralCode(testUser({ code_used: null }), none);
    expect(none.patch).not.toHaveBeenCalled();

    keepReferralCode('?code=mira-kent');
    keepReferralCode('?code=luna-rivers');
    const a = account();
    await applyReferralCode(testUser({ code_used: null }), a);
    expect(a.patch).toHaveBeenCalledWith({ code_used: 'luna-rivers' });
  });

  it('survives a refused save without throwing', async () => {
    keepReferralCode('?code=luna-rivers');
    const refused = { patch: jest.fn().mockRejectedValue(new Error('code_already_used')) };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(applyReferralCode(testUser({ code_used: null }), refused)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
