import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "@/lib/env";

// A name typed into the sign-in form (a user name or alias), as the portal
// compares and counts it: trimmed, Unicode-normalised, in lower case, and for
// counters, device cookies and logs only as a keyed hash, so neither the
// state store nor a log line holds anyone's name and a hash cannot be
// reversed by trying names without the portal's secret.

export function normaliseName(name: string): string {
  return name.trim().normalize("NFKC").toLowerCase();
}

export function sameName(a: string, b: string): boolean {
  return normaliseName(a) === normaliseName(b);
}

/** The keyed hash of a name, 32 hex digits. */
export function nameHash(name: string, authSecret: string = getEnv().AUTH_SECRET): string {
  return createHmac("sha256", authSecret)
    .update("sign-in name\0")
    .update(normaliseName(name))
    .digest("hex")
    .slice(0, 32);
}
