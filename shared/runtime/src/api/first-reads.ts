import {
  firstReadLimits,
  firstReadsGlobal,
  firstReadsStorageKey,
  isFirstReadUrl,
  type FirstReadsByPath,
  type StartedFirstReads,
} from '@cove/contracts';

/** The reads a page's script started, and the reads its first screen makes, for the next visit. */
export interface FirstReads {
  /** The answer the page already asked for, once, when it is still fresh and for the same token. */
  take(url: string, token: string | null): Promise<Response> | undefined;
  /** A read that answered: remembered for this path when the page is still showing its first screen. */
  record(url: string): void;
}

interface PageContext {
  storage: Storage | null;
  /** The path the page was opened at: its reads are remembered under it. */
  pathname: string;
  started: StartedFirstReads | undefined;
  /** Milliseconds since the page started. */
  now(): number;
}

function readStored(storage: Storage): FirstReadsByPath {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(firstReadsStorageKey) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FirstReadsByPath) : {};
  } catch {
    return {};
  }
}

/** First reads over explicit parts (tests give their own); `pageFirstReads` is the browser's. */
export function createFirstReads({ storage, pathname, started, now }: PageContext): FirstReads {
  const recorded: string[] = [];
  const taken = new Set<string>();
  return {
    take(url, token) {
      const answer = started?.reads[url];
      if (!answer || taken.has(url) || started?.token !== token || now() > firstReadLimits.takeMs)
        return undefined;
      taken.add(url);
      return answer;
    },
    record(url) {
      if (!storage || now() > firstReadLimits.recordMs || !isFirstReadUrl(url)) return;
      if (recorded.includes(url) || recorded.length >= firstReadLimits.perPath) return;
      recorded.push(url);
      try {
        // This path goes last, so the least recently visited paths are the ones dropped.
        const others = Object.entries(readStored(storage)).filter(([path]) => path !== pathname);
        const kept = others.slice(-(firstReadLimits.paths - 1));
        storage.setItem(
          firstReadsStorageKey,
          JSON.stringify(Object.fromEntries([...kept, [pathname, recorded]])),
        );
      } catch {
        // Storage blocked or full: the next visit loads as a first one.
      }
    },
  };
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This page's first reads: what its script started, remembered under the path it opened at. */
export function pageFirstReads(): FirstReads {
  const started = (window as unknown as Record<string, StartedFirstReads | undefined>)[firstReadsGlobal];
  return createFirstReads({
    storage: localStorageOrNull(),
    pathname: window.location.pathname,
    started,
    now: () => performance.now(),
  });
}
