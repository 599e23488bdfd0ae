import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { fakeServices } from '../test/fake-services';
import { greeted } from '../session/stored-flags';
import { greetingDue, onboardingSteps, runOnboarding } from './onboarding';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A fresh object each time: valtio proxies the object it is given, so tests must not share one.
const newFan = () => testUser({ type: 'user', email_verified: false, username: null, gender: null });
const fan = newFan();

describe('onboarding rules', () => {
  it('asks fans, and only fans, for what is missing, in order', () => {
    expect(onboardingSteps(fan)).toEqual(['verify-email', 'username', 'gender']);
    expect(onboardingSteps({ ...fan, email_verified: true, username: 'x' })).toEqual(['gender']);
    expect(onboardingSteps({ ...fan, type: 'featured' })).toEqual([]);
    expect(onboardingSteps({ ...fan, is_staff: true })).toEqual([]);
    expect(onboardingSteps({ ...fan, is_staff_mo: true })).toEqual([]);
  });

  it('greets fans once, never creators or holders of invite code tiger1', () => {
    expect(greetingDue(fan)).toBe(true);
    expect(greetingDue({ ...fan, code_used: 'tiger1' })).toBe(false);
    expect(greetingDue({ ...fan, code_used: 'TIGER1' })).toBe(false);
    expect(greetingDue({ ...fan, type: 'featured' })).toBe(false);
    expect(greetingDue({ ...fan, is_staff_mo: true })).toBe(false);
    greeted.set(fan._id);
    expect(greetingDue(fan)).toBe(false);
  });
});

describe('onboarding flow', () => {
  it('goes verify, essential info, gender, then the greeting', async () => {
    const { services, popupStore } = fakeServices();
    const { host } = services;
    signIn(host.session, newFan());
    const done = runOnboarding(host);
    const top = () => popupStore.snapshot().at(-1);
    const finish = (changes: object) => {
      Object.assign(host.session.user ?? {}, changes);
      const popup = top();
      if (popup) popupStore.finish(popup.id, { action: 'confirm' });
    };
    expect(top()?.spec).toMatchObject({ kind: 'email-verification', flow: 'onboarding', email: fan.email });
    finish({ email_verified: true });
    await Promise.resolve();
    expect(top()?.spec.kind).toBe('essential-info');
    finish({ username: 'river' });
    await Promise.resolve();
    expect(top()?.spec.kind).toBe('select-gender');
    finish({ gender: 'male' });
    await done;
    expect(top()?.spec).toMatchObject({ kind: 'onboarding-greeting', username: 'river' });
  });

  it('stops when a step is closed and does not ask again in this tab unless forced', async () => {
    const { services, popupStore } = fakeServices();
    const { host } = services;
    signIn(host.session, newFan());
    const first = runOnboarding(host);
    popupStore.controller.closeAll();
    await first;
    await runOnboarding(host);
    expect(popupStore.snapshot()).toEqual([]);
    const forced = runOnboarding(host, true);
    expect(popupStore.snapshot().map((p) => p.spec.kind)).toEqual(['email-verification']);
    popupStore.controller.closeAll();
    await forced;
  });

  it('does not greet the invite code tiger1', async () => {
    const { services, popupStore } = fakeServices();
    const { host } = services;
    signIn(host.session, { ...newFan(), email_verified: true, username: 'river', code_used: 'tiger1' });
    const done = runOnboarding(host);
    Object.assign(host.session.user ?? {}, { gender: 'female' });
    const popup = popupStore.snapshot()[0];
    if (popup) popupStore.finish(popup.id, { action: 'confirm' });
    await done;
    expect(popupStore.snapshot()).toEqual([]);
  });
});
