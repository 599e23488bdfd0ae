import { fail } from '../errors';

const localGif = /^\/media\/public\/gif-[a-z0-9-]+\.gif$/;

/**
 * A GIF message may only point at Cove's own GIF library or at https on an allowed GIF host
 * (GIF_HOSTS). The server never fetches it; the check keeps messages from carrying arbitrary links.
 */
export function assertAllowedGif(url: string | undefined, hosts: string[]): void {
  const bad = () => fail('bad_gif');
  if (!url) throw bad();
  if (localGif.test(url)) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad();
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) throw bad();
  if (!hosts.includes(parsed.hostname.toLowerCase())) throw bad();
}
