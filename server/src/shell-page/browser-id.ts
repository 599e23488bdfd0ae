import { canaryIdCookie, canaryIdPattern } from '@cove/contracts';

/** The canary id the shell keeps in its cookie, or null when the request carries none that is valid. */
export function browserIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== canaryIdCookie) continue;
    const value = part.slice(eq + 1).trim();
    return canaryIdPattern.test(value) ? value : null;
  }
  return null;
}
