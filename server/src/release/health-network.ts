import { isIPv4, isIPv6 } from 'node:net';

/** The first `count` 16-bit groups of an IPv6 address, written out (`::` expanded, an IPv4 tail counted). */
function leadingGroups(ip: string, count: number): string[] {
  const [head = '', tail] = ip.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? split(head)
      : [
          ...split(head),
          ...Array<string>(8 - width(split(head)) - width(split(tail))).fill('0'),
          ...split(tail),
        ];
  return groups.slice(0, count).map((g) => parseInt(g, 16).toString(16));
}

/**
 * The network a client address belongs to, the unit release health counts visitors in: an IPv4 /24 or
 * an IPv6 /48. One subscriber or one rented server usually holds a whole IPv6 /64 (often a /48), and
 * an IPv4 /24 is the smallest block usually routed or rented as one, so these are what a single party
 * cannot cheaply multiply. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 one.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${leadingGroups(address.toLowerCase(), 3).join(':')}::/48`;
  return address;
}
