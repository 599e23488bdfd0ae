import { canaryIdCookie, canaryIdInCookies, canaryIdPattern } from '@cove/contracts';

/** Where the browser keeps the id its canary assignment hashes (docs/frontend-platform.md, Canary). */
const canaryIdKey = 'cove.canary-id';
/** The longest a browser keeps a cookie (Chrome's cap); every page load renews it. */
const cookieMaxAgeS = 400 * 24 * 60 * 60;

function randomId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

const valid = (id: string | null | undefined): id is string => !!id && canaryIdPattern.test(id);

function storedId(storage: () => Storage): string | null {
  try {
    const id = storage().getItem(canaryIdKey);
    return valid(id) ? id : null;
  } catch {
    return null; // storage refused (privacy mode)
  }
}

/**
 * The random id that decides which version of each remote this browser runs. It is kept in
 * localStorage and in a first-party cookie, which the server reads only to preload the versions this
 * id picks: a browser whose storage lost the id takes the cookie's, so the page and the preloads keep
 * naming the same versions. With neither (a first visit), a new id is drawn; with both refused, each
 * page draws its own, which is still a fair draw.
 */
export function canaryId(win: Window = window): string {
  const id = storedId(() => win.localStorage) ?? canaryIdInCookies(win.document.cookie) ?? randomId();
  try {
    win.localStorage.setItem(canaryIdKey, id);
  } catch {
    // Storage refused: the cookie alone keeps the id.
  }
  const secure = win.location.protocol === 'https:' ? '; Secure' : '';
  win.document.cookie = `${canaryIdCookie}=${id}; Path=/; Max-Age=${cookieMaxAgeS}; SameSite=Lax${secure}`;
  return id;
}
