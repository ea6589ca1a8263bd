import "server-only";
import { log } from "@/lib/log";
import type { AttemptSource } from "./failed-sign-ins";
import { nameHash } from "./person-name";

// One log line for each sign-in, refusal and challenge, for an administrator
// to alert on a spray: the request id (added by lib/log.ts), the keyed hash
// of the name typed (the same person gives the same hash, nobody can read the
// name back) and the address. Never a PIN or password.

export type SignInLogEvent = "signed in" | "sign-in refused";

/** The fields every sign-in line carries. */
export function signInLogFields(source: AttemptSource, name: string | undefined): Record<string, unknown> {
  return { userHash: name ? nameHash(name) : undefined, address: source.address };
}

export function logSignIn(event: SignInLogEvent, fields: Record<string, unknown>): void {
  log.info(event, fields);
}
