import { createStore } from '@cove/runtime';

/** Codes live 10 minutes on the server; the resend cooldown is 30 s (spec section 4). */
export const codeLifetimeMs = 10 * 60_000;
export const resendCooldownSeconds = 30;

/** When this page last had a verification code mailed, so banners and the popup can say so. */
export const verificationState = createStore<{ codeSentAt: number | null }>({ codeSentAt: null });

export function codeWasSent(now = Date.now()): void {
  verificationState.codeSentAt = now;
}

/** A code sent from this page that may still be waiting in the inbox. */
export function codePending(sentAt: number | null, now = Date.now()): boolean {
  return sentAt !== null && now - sentAt < codeLifetimeMs;
}

/** Seconds of resend cooldown left from the last send. */
export function cooldownLeft(sentAt: number | null, now = Date.now()): number {
  if (sentAt === null) return 0;
  return Math.max(0, resendCooldownSeconds - Math.floor((now - sentAt) / 1000));
}
