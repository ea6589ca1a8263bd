import "server-only";
import { z } from "zod";
import { parseAnswer } from "./parse-answer";

// What the portal keeps of a token answer. Expiry is absolute so it can be
// compared later without knowing when the answer arrived.

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
  scope: z.string().default(""),
  refresh_token: z.string().min(1).optional(),
});

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  /** Lifetime the server granted, in seconds (decides the refresh margin). */
  lifetimeSeconds: number;
  scopes: string[];
}

/**
 * True when a token should be renewed: less than min(60 s, a third of its
 * lifetime) remains, so a short-lived token is not renewed on every request
 * and a long-lived one well before it runs out.
 */
export function refreshDue(tokens: TokenSet, now: number): boolean {
  const marginMs = Math.min(60, tokens.lifetimeSeconds / 3) * 1000;
  return tokens.expiresAt - marginMs <= now;
}

export function toTokenSet(body: unknown, now = Date.now()): TokenSet {
  const answer = parseAnswer(tokenAnswer, body, "token answer");
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now + answer.expires_in * 1000,
    lifetimeSeconds: answer.expires_in,
    scopes: answer.scope.split(" ").filter(Boolean),
  };
}
