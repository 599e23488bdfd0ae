/**
 * A return visit asks for its first screen's data while the page is still loading its scripts. The
 * API client remembers, per path, the reads a page made in its first seconds; the next visit to that
 * path starts the same reads from a small script in the page, and the client takes each answer once
 * instead of asking again. A signed-in visitor has always been here before (the session lives in this
 * browser's storage), so only the first visit to a path waits for its scripts.
 */

/** The access token lives in local storage under `auth-token` (spec section 7). */
export const tokenKey = 'auth-token';

/** Sent on every call so the server knows which client is talking (spec section 6). */
export const webTypeHeader = { name: 'web-type', value: 'react' } as const;

/** The header a call carries its access token in. */
export const accessTokenHeader = 'access-token';

/** Where the reads of each path are remembered, and where the page leaves what it started. */
export const firstReadsStorageKey = 'cove-first-reads';
export const firstReadsGlobal = '__coveFirstReads';

export const firstReadLimits = {
  /** Reads made this long after the page started are its first screen's. */
  recordMs: 5_000,
  /** An answer started by the page and not taken by then is stale: the client asks again. */
  takeMs: 15_000,
  /** At most this many reads per path, and this many paths (the least recently visited go). */
  perPath: 8,
  paths: 30,
  /** A read is an API GET on this origin, no longer than this. */
  urlLength: 500,
} as const;

const apiPrefix = '/v1/';

/** Only same-origin API reads are remembered or started: never another host, never a write. */
export const isFirstReadUrl = (url: string): boolean =>
  url.startsWith(apiPrefix) && url.length <= firstReadLimits.urlLength;

/** Each path's remembered reads, as stored; anything else in storage is ignored. */
export type FirstReadsByPath = Record<string, string[]>;

/** What the page's script leaves on `window` for the client. */
export interface StartedFirstReads {
  token: string;
  reads: Record<string, Promise<Response>>;
}

/**
 * The page's script (the server allows exactly this text by its hash). It runs while the page is
 * parsed: with a stored session and reads remembered for this path, it starts them with the client's
 * headers. A failed read is left for the client, which then asks again; nothing here throws.
 */
export const firstReadsScript = `(function(){try{var s=localStorage,t=s.getItem(${JSON.stringify(tokenKey)});if(!t)return;var l=JSON.parse(s.getItem(${JSON.stringify(firstReadsStorageKey)})||"{}")[location.pathname];if(!Array.isArray(l))return;var h={Accept:"application/json",${JSON.stringify(webTypeHeader.name)}:${JSON.stringify(webTypeHeader.value)},${JSON.stringify(accessTokenHeader)}:t},r={};l.slice(0,${firstReadLimits.perPath}).forEach(function(u){if(typeof u==="string"&&u.indexOf(${JSON.stringify(apiPrefix)})===0&&u.length<=${firstReadLimits.urlLength}){r[u]=fetch(u,{headers:h,credentials:"same-origin"});r[u].catch(function(){})}});window[${JSON.stringify(firstReadsGlobal)}]={token:t,reads:r}}catch(e){}})();`;
