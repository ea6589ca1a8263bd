// Only the address PORTAL_URL names is served. A request for another host
// name (a DNS name pointed at the portal by someone else, a rebinding page,
// a forged Host or X-Forwarded-Host) would otherwise make the portal build
// its links, redirects and same-site checks from that name. On this machine
// (a loopback PORTAL_URL) any loopback name with the same port is the portal
// too: localhost and 127.0.0.1 are the same server.

const loopbackName = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A Host value's name (lower case) and port, with the portal scheme's default port; undefined when malformed. */
function hostOf(value, defaultPort) {
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    return { name: url.hostname.toLowerCase(), port: url.port || defaultPort };
  } catch {
    return undefined;
  }
}

/**
 * A check of a request's headers against PORTAL_URL: true when its Host, and
 * the X-Forwarded-Host a proxy may add, name the portal's own address.
 *
 * @param {string} portalUrl
 * @returns {(headers: Record<string, string | string[] | undefined>) => boolean}
 */
export function servedHostCheck(portalUrl) {
  const portal = new URL(portalUrl);
  const defaultPort = portal.protocol === "https:" ? "443" : "80";
  const own = { name: portal.hostname.toLowerCase(), port: portal.port || defaultPort };
  const ownLoopback = loopbackName.test(own.name);
  const isOwn = (value) => {
    const host = hostOf(value.trim(), defaultPort);
    if (!host || host.port !== own.port) return false;
    return host.name === own.name || (ownLoopback && loopbackName.test(host.name));
  };
  return (headers) => {
    const host = headers.host;
    if (typeof host !== "string" || !isOwn(host)) return false;
    const forwarded = headers["x-forwarded-host"];
    if (forwarded === undefined) return true;
    const values = (Array.isArray(forwarded) ? forwarded : [forwarded]).flatMap((value) => value.split(","));
    return values.every(isOwn);
  };
}
