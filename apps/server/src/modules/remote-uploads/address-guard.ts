import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/errors.js';

/**
 * Where a remote upload may connect (ADR 0027). A host name is resolved once, here; every address
 * it has must be public, and the connection is then made to the checked address itself, so a second
 * resolution (DNS rebinding) never happens. Redirects come back through the same check.
 */

/** How host names are resolved: the system resolver by default; tests inject their own. */
export type Resolve = (hostname: string) => Promise<string[]>;

export interface RemoteNetwork {
  resolve: Resolve;
  /**
   * `address:port` pairs let through although not public: only tests set it, to reach the one
   * test server they run on loopback (every other loopback address and port stays refused).
   */
  allowed: ReadonlySet<string>;
}

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export const defaultNetwork: RemoteNetwork = { resolve: systemResolve, allowed: new Set() };

export const addressRefused = (host: string) =>
  new AppError(
    422,
    'remote_upload.address_refused',
    `${host} is a private, local or reserved address; the server does not fetch from it.`,
  );

/**
 * Public unicast only. IPv4: everything ipaddr.js names other than `unicast` is refused (private,
 * loopback, link-local with the cloud metadata address, multicast, unspecified, broadcast, carrier
 * NAT, reserved and documentation ranges). IPv6: the same, with unique-local and site-local; an
 * IPv4-mapped address is judged by the IPv4 address inside it, and the other forms that embed an
 * IPv4 address (compatible, NAT64, 6to4, Teredo) are refused outright.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const parts = v6.parts;
  const zeroes = (n: number) => parts.slice(0, n).every((p) => p === 0);
  // ::ffff:a.b.c.d
  if (zeroes(5) && parts[5] === 0xffff) return isPublicAddress(v6.toIPv4Address().toString());
  // ::a.b.c.d (IPv4-compatible, deprecated) and ::, ::1
  if (zeroes(6)) return false;
  return v6.range() === 'unicast';
}

/** The address a connection to `host:port` may go to, or a refusal before any socket is opened. */
export async function checkedAddress(
  network: RemoteNetwork,
  allowPrivate: boolean,
  host: string,
  port: number,
): Promise<string> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const addresses = isIP(bare) ? [bare] : await network.resolve(bare).catch(() => []);
  if (addresses.length === 0) throw new AppError(422, 'remote_upload.fetch_failed', `${bare} could not be resolved.`);
  const normalised = addresses.map((a) => (ipaddr.isValid(a) ? ipaddr.process(a).toString() : a));
  const allowed = (address: string) =>
    allowPrivate || isPublicAddress(address) || network.allowed.has(`${address}:${port}`);
  // Every address of the name must pass: a name with one public and one private address is refused,
  // whichever the connection would have used.
  if (!normalised.every(allowed)) throw addressRefused(bare);
  return normalised[0] as string;
}
