import "server-only";

// Which browser address a request came from. Behind a reverse proxy that is the
// configured trusted header; otherwise the socket's peer address, which the
// portal's own server (scripts/portal-server.mjs) writes into `peerAddressHeader`
// after removing any value a client sent. A client's X-Forwarded-For is never
// believed on its own.

export const peerAddressHeader = "x-portal-peer-address";

/**
 * Set on globalThis by scripts/portal-server.mjs, which runs Next.js in its own
 * process. Without it (plain `next start`) nothing removes a client's own
 * value of the peer header, so the header is ignored.
 */
export const peerHeaderTrustedFlag = "__portalServerWritesPeerAddress";

function peerHeaderTrusted(): boolean {
  return (globalThis as Record<string, unknown>)[peerHeaderTrustedFlag] === true;
}

type HeaderSource = { get(name: string): string | null };

const addressPattern = /^[0-9A-Fa-f.:]{2,45}$/;

function clean(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  // Proxies append: the right-most entry is the one the trusted proxy wrote.
  const last = value
    .split(",")
    .at(-1)
    ?.trim()
    .replace(/^::ffff:/, "");
  return last && addressPattern.test(last) ? last : undefined;
}

export function clientAddress(
  headers: HeaderSource,
  trustedProxyHeader: string | undefined,
  peerHeaderIsTrusted: boolean = peerHeaderTrusted(),
): string | undefined {
  if (trustedProxyHeader) return clean(headers.get(trustedProxyHeader));
  return peerHeaderIsTrusted ? clean(headers.get(peerAddressHeader)) : undefined;
}
