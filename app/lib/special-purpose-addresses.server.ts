// The IP addresses a request the server makes for someone else (a link preview, a webhook) may
// never reach: every range of IANA's IPv4 and IPv6 Special-Purpose Address Registries, the
// multicast blocks, and the IPv6 space outside Global Unicast (2000::/3), which IANA keeps
// reserved or special. ipaddr.js's ranges, which the filtering agent uses, miss some of these: it
// calls the deprecated IPv4-compatible ::7f00:1 (what a URL makes of [::127.0.0.1]) unicast.
import net from "node:net";

export type SpecialPurposeRange = { range: string; name: string };

/**
 * Each range with its name in its registry (RFC 6890's registries, as of 2025) or, marked, the
 * document that set it apart. Ranges inside others are listed as the registries list them, so an
 * address is named by the most specific one.
 */
export const SPECIAL_PURPOSE_RANGES: readonly SpecialPurposeRange[] = [
  // IANA IPv4 Special-Purpose Address Registry.
  { range: "0.0.0.0/8", name: '"This network"' },
  { range: "0.0.0.0/32", name: '"This host on this network"' },
  { range: "10.0.0.0/8", name: "Private-Use" },
  { range: "100.64.0.0/10", name: "Shared Address Space" },
  { range: "127.0.0.0/8", name: "Loopback" },
  { range: "169.254.0.0/16", name: "Link Local" },
  { range: "172.16.0.0/12", name: "Private-Use" },
  { range: "192.0.0.0/24", name: "IETF Protocol Assignments" },
  { range: "192.0.0.0/29", name: "IPv4 Service Continuity Prefix" },
  { range: "192.0.0.8/32", name: "IPv4 dummy address" },
  { range: "192.0.0.9/32", name: "Port Control Protocol Anycast" },
  { range: "192.0.0.10/32", name: "Traversal Using Relays around NAT Anycast" },
  { range: "192.0.0.170/32", name: "NAT64/DNS64 Discovery" },
  { range: "192.0.0.171/32", name: "NAT64/DNS64 Discovery" },
  { range: "192.0.2.0/24", name: "Documentation (TEST-NET-1)" },
  { range: "192.31.196.0/24", name: "AS112-v4" },
  { range: "192.52.193.0/24", name: "AMT" },
  { range: "192.88.99.0/24", name: "Deprecated (6to4 Relay Anycast)" },
  { range: "192.88.99.2/32", name: "6a44-relay anycast address" },
  { range: "192.168.0.0/16", name: "Private-Use" },
  { range: "192.175.48.0/24", name: "Direct Delegation AS112 Service" },
  { range: "198.18.0.0/15", name: "Benchmarking" },
  { range: "198.51.100.0/24", name: "Documentation (TEST-NET-2)" },
  { range: "203.0.113.0/24", name: "Documentation (TEST-NET-3)" },
  { range: "240.0.0.0/4", name: "Reserved" },
  { range: "255.255.255.255/32", name: "Limited Broadcast" },
  // IANA IPv4 Multicast Address Space Registry.
  { range: "224.0.0.0/4", name: "Multicast" },

  // IANA IPv6 Special-Purpose Address Registry.
  { range: "::1/128", name: "Loopback Address" },
  { range: "::/128", name: "Unspecified Address" },
  { range: "::ffff:0:0/96", name: "IPv4-mapped Address" },
  { range: "64:ff9b::/96", name: "IPv4-IPv6 Translat." },
  { range: "64:ff9b:1::/48", name: "IPv4-IPv6 Translat." },
  { range: "100::/64", name: "Discard-Only Address Block" },
  { range: "100:0:0:1::/64", name: "Dummy IPv6 Prefix" },
  { range: "2001::/23", name: "IETF Protocol Assignments" },
  { range: "2001::/32", name: "TEREDO" },
  { range: "2001:1::1/128", name: "Port Control Protocol Anycast" },
  { range: "2001:1::2/128", name: "Traversal Using Relays around NAT Anycast" },
  { range: "2001:1::3/128", name: "DNS-SD Service Registration Protocol Anycast" },
  { range: "2001:2::/48", name: "Benchmarking" },
  { range: "2001:3::/32", name: "AMT" },
  { range: "2001:4:112::/48", name: "AS112-v6" },
  { range: "2001:10::/28", name: "Deprecated (previously ORCHID)" },
  { range: "2001:20::/28", name: "ORCHIDv2" },
  { range: "2001:30::/28", name: "Drone Remote ID Protocol Entity Tags (DETs) Prefix" },
  { range: "2001:db8::/32", name: "Documentation" },
  { range: "2002::/16", name: "6to4" },
  { range: "2620:4f:8000::/48", name: "Direct Delegation AS112 Service" },
  { range: "3fff::/20", name: "Documentation" },
  { range: "5f00::/16", name: "Segment Routing (SRv6) SIDs" },
  { range: "fc00::/7", name: "Unique-Local" },
  { range: "fe80::/10", name: "Link-Local Unicast" },
  // IPv6 Addressing Architecture (RFC 4291) and the IANA IPv6 Address Space Registry.
  { range: "::/96", name: "IPv4-Compatible IPv6 Address (deprecated, RFC 4291)" },
  { range: "::ffff:0:0:0/96", name: "IPv4-translated Address (RFC 2765, obsolete)" },
  { range: "fec0::/10", name: "Site-Local Unicast (deprecated, RFC 3879)" },
  { range: "ff00::/8", name: "Multicast" },
  { range: "::/3", name: "Reserved by IETF (outside Global Unicast 2000::/3)" },
  { range: "4000::/2", name: "Reserved by IETF (outside Global Unicast 2000::/3)" },
  { range: "8000::/1", name: "Reserved by IETF (outside Global Unicast 2000::/3)" },
];

// Node's own parser reads the addresses, as it does those it connects to (ipaddr.js reads
// "::127.0.0.1" as IPv4-mapped, not as the IPv4-compatible address it is).
const familyOf = (address: string) => (net.isIPv6(address) ? "ipv6" : "ipv4");

const parsedRanges = SPECIAL_PURPOSE_RANGES.map((entry) => {
  const [network = "", bits = ""] = entry.range.split("/");
  const family = familyOf(network);
  const list = new net.BlockList();
  list.addSubnet(network, Number(bits), family);
  return { entry, family, list, bits: Number(bits) };
});

/** The most specific special-purpose range holding `address`, or null when it is in none. */
export function specialPurposeRangeOf(address: string): SpecialPurposeRange | null {
  if (!net.isIP(address)) return null;
  const family = familyOf(address);
  let found: { entry: SpecialPurposeRange; bits: number } | null = null;
  for (const { entry, list, bits, ...range } of parsedRanges) {
    // A BlockList also reads an IPv4 address as its IPv4-mapped IPv6 form; each family keeps to
    // its own registry here, and an IPv4-mapped address is named by ::ffff:0:0/96.
    if (range.family !== family || !list.check(address, family)) continue;
    if (!found || bits > found.bits) found = { entry, bits };
  }
  return found?.entry ?? null;
}

/** Whether `address` is an IP address in no special-purpose range: one a request may reach. */
export function isPublicAddress(address: string): boolean {
  return net.isIP(address) !== 0 && specialPurposeRangeOf(address) === null;
}
