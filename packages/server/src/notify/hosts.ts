/**
 * Where the server may send a player's notices (webhooks, push services): HTTPS to public addresses only,
 * so a player cannot make the server call into its own network (loopback, private, link-local…). A test
 * or a closed deployment may allow any host (`allowPrivate`), plain HTTP included.
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

function privateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Why the server will not send to `url`, or null if it may. */
export async function refusedUrl(url: string, allowPrivate: boolean): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (allowPrivate) return u.protocol === 'https:' || u.protocol === 'http:' ? null : 'not an http(s) URL';
  if (u.protocol !== 'https:') return 'not an https URL';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    if (addresses.length === 0) return 'the host has no address';
    if (addresses.some((a) => privateAddress(a.address))) return 'the host is not a public address';
  } catch {
    return 'the host cannot be found';
  }
  return null;
}
