/** Small values the shell keeps in this browser's storage; storage may be blocked, so every access is guarded. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the flag simply does not persist.
  }
}

/** Left by a ban so the sign-in screen can say why; cleared by /clear-token or the next sign-in. */
export const bannedFlagKey = 'is-banned';
export const bannedFlag = {
  get: () => read(bannedFlagKey) === 'true',
  set: () => write(bannedFlagKey, 'true'),
  clear: () => write(bannedFlagKey, null),
};

/**
 * Where to go after signing in. Kept in local storage, not the tab's session storage: the sign-in
 * link usually opens in a new tab from the mail app.
 */
const afterSignInKey = 'cove:after-sign-in';
export const afterSignIn = {
  take(): string | null {
    const path = read(afterSignInKey);
    write(afterSignInKey, null);
    return path;
  },
  set: (path: string | null) => write(afterSignInKey, path),
};

/** The onboarding greeting is shown once per account in this browser. */
export const greeted = {
  has: (userId: string) => read(`cove:greeted:${userId}`) === 'true',
  set: (userId: string) => write(`cove:greeted:${userId}`, 'true'),
};

/**
 * A referral link's code (`/?code=<creator>`), kept from the visit until an account takes it as its
 * `code_used`. Local storage: the sign-in link that follows opens in another tab.
 */
const referralCodeKey = 'cove:referral-code';
export const referralCode = {
  take(): string | null {
    const code = read(referralCodeKey);
    write(referralCodeKey, null);
    return code;
  },
  set: (code: string) => write(referralCodeKey, code),
};
