import "server-only";
import { decodeJwt } from "jose";
import { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";
import { userClaims } from "@/lib/browser-safe/contract-assumptions";
import { parseAnswer } from "./parse-answer";

// The one place that reads who a user token belongs to. The token came straight
// from the print server over verified TLS, so decoding without verifying the
// signature is enough here; the server checks it on every use.

export interface TokenUser {
  userId: number;
  username: string;
  fullName: string;
}

const claimsSchema = z.object({
  [userClaims.userId]: z.string().regex(/^\d+$/),
  [userClaims.username]: z.string().min(1),
  [userClaims.fullName]: z.string().optional(),
});

export function userFromAccessToken(accessToken: string): TokenUser {
  let claims: unknown;
  try {
    claims = decodeJwt(accessToken);
  } catch (cause) {
    throw new PortalError("upstream_malformed", { reason: "access token is not a JWT", cause });
  }
  const data = parseAnswer(claimsSchema, claims, "user claims of the access token") as Record<
    string,
    string | undefined
  >;
  const username = data[userClaims.username] as string;
  return {
    userId: Number(data[userClaims.userId]),
    username,
    fullName: data[userClaims.fullName] || username,
  };
}
