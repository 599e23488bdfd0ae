import { isStaffMember, type PopupSpec, type User } from '@cove/contracts';
import type { ShellHost } from '../services/shell-context';
import { greeted } from '../session/stored-flags';

export type OnboardingStep = 'verify-email' | 'username' | 'gender';

/** Invite code whose holders skip the onboarding greeting (spec section 6). */
export const noGreetingInviteCode = 'tiger1';

/** Fans only: creators and staff (docs/rules.md, Reports and the staff console) skip fan onboarding. */
export const isFan = (user: Pick<User, 'type' | 'is_staff' | 'is_staff_mo'>) =>
  user.type === 'user' && !isStaffMember(user);

/**
 * What a signed-in person still has to do, in order (spec: verify popup, verified, essential info).
 * Onboarding and email-verification prompts apply to fans only.
 */
export function onboardingSteps(
  user: Pick<User, 'type' | 'is_staff' | 'is_staff_mo' | 'email_verified' | 'username' | 'gender'>,
): OnboardingStep[] {
  if (!isFan(user)) return [];
  const steps: OnboardingStep[] = [];
  if (!user.email_verified) steps.push('verify-email');
  if (!user.username) steps.push('username');
  if (!user.gender) steps.push('gender');
  return steps;
}

/** The greeting: fans only, never for invite code tiger1, once per account in this browser. */
export function greetingDue(
  user: Pick<User, '_id' | 'type' | 'is_staff' | 'is_staff_mo' | 'code_used'>,
): boolean {
  if (!isFan(user)) return false;
  if (user.code_used?.trim().toLowerCase() === noGreetingInviteCode) return false;
  return !greeted.has(user._id);
}

function popupFor(step: OnboardingStep, user: User): PopupSpec {
  switch (step) {
    case 'verify-email':
      return { kind: 'email-verification', id: 'email-verification', flow: 'onboarding', email: user.email };
    case 'username':
      return { kind: 'essential-info', id: 'essential-info' };
    case 'gender':
      return { kind: 'select-gender', id: 'select-gender' };
  }
}

/** Steps a person closed in this tab: not asked again until a banner or a new tab brings them back. */
const dismissedKey = 'cove:onboarding-dismissed';
function dismissed(): Set<string> {
  try {
    return new Set(JSON.parse(window.sessionStorage.getItem(dismissedKey) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}
function dismiss(step: OnboardingStep) {
  try {
    window.sessionStorage.setItem(dismissedKey, JSON.stringify([...dismissed(), step]));
  } catch {
    // Storage blocked: the step is asked again on the next visit.
  }
}

let running: Promise<void> | null = null;

/**
 * Walks a fan through what is missing, one popup at a time, then greets them once they finish.
 * `force` (a banner's button) asks even for steps closed earlier in this tab.
 */
export function runOnboarding(host: Pick<ShellHost, 'session' | 'popups'>, force = false): Promise<void> {
  running ??= walk(host, force).finally(() => {
    running = null;
  });
  return running;
}

async function walk(host: Pick<ShellHost, 'session' | 'popups'>, force: boolean): Promise<void> {
  const done = new Set<OnboardingStep>();
  for (;;) {
    const user = host.session.user;
    if (!user) return;
    const step = onboardingSteps(user).find((s) => !done.has(s));
    if (!step) break;
    if (!force && dismissed().has(step)) return;
    const outcome = await host.popups.open(popupFor(step, user)).outcome;
    if (!host.session.user) return; // signed out meanwhile
    if (outcome.action !== 'confirm') {
      dismiss(step);
      return;
    }
    done.add(step);
  }
  const user = host.session.user;
  // Greet those who just finished setting up, not everyone who signs in.
  if (user && done.size > 0 && greetingDue(user)) {
    greeted.set(user._id);
    host.popups.open({
      kind: 'onboarding-greeting',
      id: 'onboarding-greeting',
      username: user.username ?? undefined,
    });
  }
}
