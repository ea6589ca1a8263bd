import "server-only";
import { BlockList, isIP } from "node:net";
import { currentRequest } from "@/lib/request-context";

// Which browser address a request came from. The portal's own server
// (scripts/portal-server.mjs) writes the socket's peer address into
// `peerAddressHeader` after removing any value a client sent. Behind a reverse
// proxy the configured header names the browser, but it is believed only when
// the peer is one of the configured proxies (PORTAL_TRUSTED_PROXIES, loopback
// by default): a client that reaches the portal directly could write any
// address into it and guess without limit.

export const peerAddressHeader = "x-portal-peer-address";

/**
 * True when scripts/portal-server.mjs serves the request, which writes the
 * peer header itself. Under plain `next start` nothing removes a client's own
 * value of it, so neither header is believed.
 */
function peerHeaderTrusted(): boolean {
  return currentRequest() !== undefined;
}

type HeaderSource = { get(name: string): string | null };

export interface ProxyTrust {
  /** The header in which trusted proxies name the browser (lower case). */
  header: string | undefined;
  /** The proxies whose header is believed. */
  proxies: BlockList;
}

function clean(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  // Proxies append: the right-most entry is the one the trusted proxy wrote.
  const last = value
    .split(",")
    .at(-1)
    ?.trim()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return last && isIP(last) ? last.toLowerCase() : undefined;
}

function isTrustedProxy(address: string, proxies: BlockList): boolean {
  return proxies.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Reads PORTAL_TRUSTED_PROXIES: addresses and CIDR ranges, separated by commas or spaces. */
export function parseTrustedProxies(list: string): BlockList {
  const proxies = new BlockList();
  for (const entry of list.split(/[\s,]+/).filter(Boolean)) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (!isIP(address)) throw new Error(`not an address or CIDR range: ${entry}`);
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return proxies;
}

export function clientAddress(
  headers: HeaderSource,
  trust: ProxyTrust,
  peerHeaderIsTrusted: boolean = peerHeaderTrusted(),
): string | undefined {
  if (!peerHeaderIsTrusted) return undefined;
  const peer = clean(headers.get(peerAddressHeader));
  if (peer && trust.header && isTrustedProxy(peer, trust.proxies)) return clean(headers.get(trust.header));
  return peer;
}

/** The eight 16-bit groups of an IPv6 address, e.g. "2001:db8::1" -> 2001 db8 0 0 0 0 0 1. */
function ipv6Groups(address: string): string[] {
  // An embedded IPv4 tail (::ffff:192.0.2.1) is two groups.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(":"),
  );
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The unit sign-in limits count: an IPv4 address, or an IPv6 address's /64
 * network. One machine gets a whole /64 and may pick any address in it, so
 * counting per /128 would let it guess without limit.
 */
export function addressGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address.replace(/%.*$/, "")).slice(0, 4).join(":")}::/64`;
}
