import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

// The basic authentication MyQ's connection sends: its own login and
// password (PORTAL_EXTERNAL_STORAGE_LOGIN, _PASSWORD), never a person's.
// Compared in constant time, as digests of equal length.

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export interface AdapterLogin {
  login: string;
  password: string;
}

/** Whether the Authorization header carries exactly this login and password. */
export function isAuthorised(header: string | null, expected: AdapterLogin): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  const text = match?.[1] ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const colon = text.indexOf(":");
  const login = colon >= 0 ? text.slice(0, colon) : "";
  const password = colon >= 0 ? text.slice(colon + 1) : "";
  // Both compared every time, so the answer takes as long whichever is wrong.
  const loginMatches = timingSafeEqual(digest(login), digest(expected.login));
  const passwordMatches = timingSafeEqual(digest(password), digest(expected.password));
  return colon >= 0 && loginMatches && passwordMatches;
}
