import { BlockList, isIP } from "node:net";

/*
 * Addresses a download link may not reach: a link in a service's answer is data from the network, and one that
 * points into this machine or its network (a cloud's metadata service at 169.254.169.254, a router, a database on
 * 10.0.0.5) would make podc fetch it on someone's behalf. Only a service on loopback itself (the local emulator, a
 * test) may hand out links to loopback and private addresses.
 */

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  REFUSED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some)
  ["ff00::", 8], // multicast
] as const) {
  REFUSED.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (::ffff:10.0.0.1, ::ffff:a00:1), if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::(?:ffff:(?:0:)?)?(.+)$/i.exec(address);
  const rest = match?.[1];
  if (rest === undefined) return undefined;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex || !/^::ffff:/i.test(address)) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** True when `address` (an IP address, IPv6 with or without brackets) is loopback, private, link-local, unique-local or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return REFUSED.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4 !== undefined) return REFUSED.check(v4, "ipv4");
  return REFUSED.check(bare, "ipv6");
}
