import { builtWith as pageBuiltWith, type BuiltWith } from '@cove/contracts';
import * as z from 'zod/mini';

const builtWithShape = z.object({ host: z.int(), realtime: z.int() });

/** What a remote module says it was built against; one from before remotes said so spoke version 1 of both. */
export function builtWithOf(mod: { builtWith?: unknown }): BuiltWith {
  const parsed = builtWithShape.safeParse(mod.builtWith);
  return parsed.success ? parsed.data : { host: 1, realtime: 1 };
}

export const versionTexts = {
  newerPage: 'This part of Cove needs a newer page: reload.',
  outdated: 'This part of Cove is being updated: reload in a moment.',
} as const;

export interface VersionProblem {
  /** What the person is told. */
  text: (typeof versionTexts)[keyof typeof versionTexts];
  /** What the failure report says. */
  detail: string;
}

/**
 * Why a remote must not run on this page, or null when it may. A remote built for another host contract
 * would call the host wrongly; one built for another realtime protocol than the socket speaks would
 * misread its events. A remote ahead of the page, or a server ahead of it, needs a newer page; a remote
 * behind it is being replaced.
 */
export function versionProblem(
  remote: BuiltWith,
  socketProtocol: number | null,
  page: BuiltWith = pageBuiltWith,
): VersionProblem | null {
  if (remote.host !== page.host) {
    return {
      text: remote.host > page.host ? versionTexts.newerPage : versionTexts.outdated,
      detail: `built for host contract ${remote.host}; this page has ${page.host}`,
    };
  }
  if (socketProtocol !== null && socketProtocol !== page.realtime) {
    return {
      text: versionTexts.newerPage,
      detail: `the socket speaks realtime protocol ${socketProtocol}; this page reads ${page.realtime}`,
    };
  }
  if (remote.realtime !== page.realtime) {
    return {
      text: remote.realtime > page.realtime ? versionTexts.newerPage : versionTexts.outdated,
      detail: `built for realtime protocol ${remote.realtime}; the socket speaks ${page.realtime}`,
    };
  }
  return null;
}
