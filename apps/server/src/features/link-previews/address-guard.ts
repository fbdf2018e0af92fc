import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses the link-preview fetcher may connect to. The fetcher runs inside our network, so any address
 * that is not plainly on the public internet (loopback, private ranges, the cloud metadata service on
 * 169.254.169.254, carrier NAT, multicast, reserved space…) is refused: a preview must never become a way to read
 * from or poke at something behind the server.
 */
export type AddressVerdict = 'public' | 'refused';

type Subnet = readonly [network: string, prefix: number];

/** IANA special-purpose IPv4 space (RFC 6890 and successors). Everything else is public unicast. */
const REFUSED_V4: readonly Subnet[] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast 255.255.255.255
];

/**
 * Inside global unicast 2000::/3 (the only IPv6 space we accept at all), the blocks that tunnel to or translate an
 * IPv4 address (NAT64, 6to4, Teredo — the IPv4 end could be anything, including our own network) or are not
 * routable (documentation, ORCHIDv2, benchmarking).
 */
const REFUSED_V6_IN_GLOBAL: readonly Subnet[] = [
  ['2001::', 32], // Teredo
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
];

const refusedV4 = new BlockList();
for (const [network, prefix] of REFUSED_V4) refusedV4.addSubnet(network, prefix, 'ipv4');

const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

const refusedV6 = new BlockList();
for (const [network, prefix] of REFUSED_V6_IN_GLOBAL) refusedV6.addSubnet(network, prefix, 'ipv6');

/**
 * 'public' only for a syntactically valid IP address outside every special-purpose block. Anything that is not an
 * IP address at all is refused too: the caller must never fall back to treating it as a name.
 */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 4) return classifyV4(address);
  if (family === 6) return classifyV6(address);
  return 'refused';
}

function classifyV4(address: string): AddressVerdict {
  return refusedV4.check(address, 'ipv4') ? 'refused' : 'public';
}

function classifyV6(address: string): AddressVerdict {
  const hextets = expandV6(address);
  if (hextets === null) return 'refused';
  // ::ffff:a.b.c.d — a socket to it reaches the IPv4 address, so the IPv4 address is what is judged.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return classifyV4(embeddedV4(hextets[6] ?? 0, hextets[7] ?? 0));
  }
  // Everything outside 2000::/3 is loopback, unspecified, IPv4-compatible, NAT64 (64:ff9b::/96, 64:ff9b:1::/48),
  // discard-only, ULA fc00::/7, link-local fe80::/10, site-local, multicast ff00::/8 or unassigned.
  if (!globalUnicastV6.check(address, 'ipv6')) return 'refused';
  return refusedV6.check(address, 'ipv6') ? 'refused' : 'public';
}

function embeddedV4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (already known to be valid by `isIP`), a trailing dotted quad included. */
function expandV6(address: string): number[] | null {
  const withoutZone = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  let text = withoutZone;
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    if (a === undefined || b === undefined || c === undefined || d === undefined) return null;
    text = `${withoutZone.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const front = parse(head);
  if (tail === undefined) return front.length === 8 ? front : null;
  const back = parse(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 1) return null;
  return [...front, ...new Array<number>(missing).fill(0), ...back];
}
