import "server-only";
import { isIP, type BlockList } from "node:net";

// PIN alone (no user name) is both who you are and your secret, so guessing
// any PIN signs someone in. It is offered only in PORTAL_PIN_ALONE_NETWORKS
// (an intranet, a kiosk); from anywhere else, or an unknown address, the PIN
// form asks for the user name too.

export function pinAloneAllowed(address: string | undefined, networks: BlockList): boolean {
  if (!address) return false;
  const family = isIP(address);
  return family !== 0 && networks.check(address, family === 6 ? "ipv6" : "ipv4");
}
