import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { UserError } from './errors';

/**
 * The one guard of connections a user directs (DESIGN.md, "Outbound connections"): a mail
 * server typed into the mail settings is reached only if every address its name resolves to
 * is an ordinary public one, or one the administrator allows (OUTBOUND_ALLOW). The caller
 * then connects to the address that was checked, never to the name again, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot reach the inside.
 */
export interface OutboundPolicy {
  /** Ranges reached even though they are special (OUTBOUND_ALLOW), e.g. 127.0.0.0/8. */
  allow: BlockList;
  /** Ranges never reached, public or not (OUTBOUND_DENY); wins over allow. */
  deny: BlockList;
}

/**
 * Special-purpose ranges (RFC 6890 and its IPv6 registry): this host, private networks,
 * carrier NAT, loopback, link-local, documentation, benchmarking, multicast, reserved and
 * broadcast; IPv6 unspecified, loopback, IPv4-mapped and -compatible, NAT64, 6to4 and
 * Teredo (which carry an IPv4 address inside), unique-local, site-local and multicast.
 */
const specialRanges = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** A list of ranges (`10.1.0.0/16`, `127.0.0.1`, `::1`); a mistake stops the server at start. */
export function rangeList(items: string[], setting: string): BlockList {
  const list = new BlockList();
  for (const item of items) {
    const [address = '', prefix] = item.split('/');
    const version = isIP(address);
    const bits = prefix === undefined ? (version === 6 ? 128 : 32) : Number(prefix);
    if (!version || !Number.isInteger(bits) || bits < 0 || bits > (version === 6 ? 128 : 32)) {
      throw new Error(`${setting}: "${item}" is not an address or a range like 10.0.0.0/8`);
    }
    list.addSubnet(address, bits, familyOf(address));
  }
  return list;
}

const special = rangeList(specialRanges, 'special ranges');

/** Whether the policy lets a connection go to this address. */
export function mayConnect(policy: OutboundPolicy, address: string): boolean {
  const family = familyOf(address);
  if (policy.deny.check(address, family)) return false;
  return policy.allow.check(address, family) || !special.check(address, family);
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The address to connect to for a host and port a user gave: every address the name
 * resolves to must be allowed (a name with one inside address among public ones is refused
 * as a whole), and the first is the one to use. Refusals say only that the address is not
 * allowed, never what is there.
 */
export async function outboundAddress(
  policy: OutboundPolicy,
  host: string,
  port: number,
  resolve: Lookup = systemLookup,
): Promise<string> {
  const server = `${host}:${port}`;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new UserError(502, 'server:outbound.unknownHost', { host });
  if (!addresses.every((address) => mayConnect(policy, address))) {
    throw new UserError(400, 'server:outbound.refused', { server });
  }
  return addresses[0]!;
}
