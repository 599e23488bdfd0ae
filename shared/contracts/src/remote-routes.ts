import { publicPageUsername } from './public-page';
import type { RemoteName } from './registry';

/**
 * Path prefixes owned by each remote; everything else is the shell's own. The shell mounts each
 * remote's area on these, and the server preloads the remote a requested page will show.
 */
export const remoteMounts = [
  { path: '/chats/*', remote: 'chat' },
  { path: '/discover/*', remote: 'discover' },
  { path: '/creators/*', remote: 'discover' },
  { path: '/home/*', remote: 'discover' },
  { path: '/account/*', remote: 'account' },
  { path: '/account/earnings/*', remote: 'payouts' },
  { path: '/notifications/*', remote: 'account' },
] as const satisfies readonly { path: `/${string}/*`; remote: RemoteName }[];

/** The remote that shows a creator's public page, `/{username}` (contracts/public-page.ts). */
export const publicPageRemote: RemoteName = 'discover';

/** Where `/` sends a visitor. */
export const homePath = '/discover';

const prefixOf = (mount: (typeof remoteMounts)[number]) => mount.path.slice(0, -'/*'.length);

/** A remote's own root page: its first mount (`/chats`, `/account/earnings`). */
export function remoteRootPath(remote: RemoteName): string {
  const mount = remoteMounts.find((m) => m.remote === remote);
  if (!mount) throw new Error(`${remote} has no mount`);
  return prefixOf(mount);
}

/**
 * The remote whose area shows at `pathname`, ranked as the shell's router ranks the mounts: the
 * longest prefix wins (`/account/earnings/x` is payouts', `/account/x` account's), letters in any
 * case. `/` counts as the page it sends to; a creator's public page (`/luna-rivers`) is
 * `publicPageRemote`'s; any other path no mount owns is the shell's (null).
 */
export function remoteForPath(pathname: string): RemoteName | null {
  const path = (pathname === '/' ? homePath : pathname).toLowerCase().replace(/\/+$/, '');
  let best: { prefix: string; remote: RemoteName } | null = null;
  for (const mount of remoteMounts) {
    const prefix = prefixOf(mount);
    const owns = path === prefix || path.startsWith(`${prefix}/`);
    if (owns && prefix.length > (best?.prefix.length ?? -1)) best = { prefix, remote: mount.remote };
  }
  if (best) return best.remote;
  return publicPageUsername(path) ? publicPageRemote : null;
}
