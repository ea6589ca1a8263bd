import { createHash, randomUUID } from "node:crypto";
import { randomToken, sameHash, sha256 } from "../secrets.js";
import { nowSeconds as now, type Db } from "./open-database.js";

interface RefreshRow {
  token_hash: string;
  chain_id: string;
  client_id: string;
  user_id: number;
  scope: string;
  expires_at: number;
  retired_at: number | null;
  revoked_at: number | null;
}

export type RefreshOutcome =
  | { ok: true; userId: number; scope: string; token: string }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" | "wrong_client" | "refused" };

interface CodeRow {
  client_id: string;
  user_id: number;
  scope: string;
  redirect_uri: string;
  expires_at: number;
  used_at: number | null;
  code_challenge: string | null;
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))). */
const s256 = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Refresh tokens (rotating chains) and authorization codes, stored as SHA-256 hashes. */
export function grantsStore(db: Db, refreshLifetime: number) {
  const insertRefresh = db.prepare(
    `INSERT INTO refresh_tokens (token_hash, chain_id, client_id, user_id, scope, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const refreshByHash = db.prepare("SELECT * FROM refresh_tokens WHERE token_hash = ?");
  const retire = db.prepare("UPDATE refresh_tokens SET retired_at = ? WHERE token_hash = ? AND retired_at IS NULL");
  const revokeChain = db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE chain_id = ? AND revoked_at IS NULL");
  const revokeUser = db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL");
  const insertCode = db.prepare(
    `INSERT INTO auth_codes (code_hash, client_id, user_id, scope, redirect_uri, expires_at, code_challenge)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const codeByHash = db.prepare("SELECT * FROM auth_codes WHERE code_hash = ?");
  const useCode = db.prepare("UPDATE auth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL");
  const purgeCodes = db.prepare("DELETE FROM auth_codes WHERE expires_at < ?");

  function issue(chainId: string, clientId: string, userId: number, scope: string): string {
    const token = randomToken(32);
    insertRefresh.run(sha256(token), chainId, clientId, userId, scope, now(), now() + refreshLifetime);
    return token;
  }

  return {
    startChain: (clientId: string, userId: number, scope: string) => issue(randomUUID(), clientId, userId, scope),

    /**
     * Rotates: the presented token retires and a new one of the same chain is
     * returned. `accepts` sees the chain's scope before anything changes: a request it
     * refuses (a wider scope) retires nothing, so the client's retry with the
     * same token is not a reuse (RFC 6749 section 6).
     */
    rotate: db.transaction(
      (presented: string, clientId: string, accepts: (scope: string) => boolean = () => true): RefreshOutcome => {
        const row = refreshByHash.get(sha256(presented)) as RefreshRow | undefined;
        if (!row) return { ok: false, reason: "unknown" };
        if (row.client_id !== clientId) return { ok: false, reason: "wrong_client" };
        if (row.revoked_at !== null) return { ok: false, reason: "revoked" };
        if (row.retired_at !== null) {
          // A retired token used again means it leaked: cut off everyone holding the chain.
          revokeChain.run(now(), row.chain_id);
          return { ok: false, reason: "reused" };
        }
        if (row.expires_at <= now()) return { ok: false, reason: "expired" };
        if (!accepts(row.scope)) return { ok: false, reason: "refused" };
        retire.run(now(), row.token_hash);
        return {
          ok: true,
          userId: row.user_id,
          scope: row.scope,
          token: issue(row.chain_id, clientId, row.user_id, row.scope),
        };
      },
    ),

    revokeAllOfUser: (userId: number) => revokeUser.run(now(), userId).changes,

    /**
     * RFC 7009: revoking one refresh token revokes its whole chain (section
     * 2.1 lets a server revoke the grant behind it). Another client's token is
     * left alone.
     */
    revokeRefreshToken: (presented: string, clientId: string): "revoked" | "unknown" | "wrong_client" => {
      const row = refreshByHash.get(sha256(presented)) as RefreshRow | undefined;
      if (!row) return "unknown";
      if (row.client_id !== clientId) return "wrong_client";
      revokeChain.run(now(), row.chain_id);
      return "revoked";
    },

    /** `codeChallenge`: the sign-in link's PKCE S256 challenge, or null without one. */
    createCode(
      clientId: string,
      userId: number,
      scope: string,
      redirectUri: string,
      codeChallenge: string | null = null,
    ): string {
      purgeCodes.run(now());
      const code = randomToken(32);
      insertCode.run(sha256(code), clientId, userId, scope, redirectUri, now() + 60, codeChallenge);
      return code;
    },

    /** Single use: the first redemption marks it used, whatever the outcome of the checks. */
    /**
     * PKCE (RFC 7636): a code asked for with a challenge needs the verifier
     * that hashes to it; a verifier for a code asked for without one is
     * refused too, so PKCE cannot be stripped (RFC 9700 section 2.1.1).
     */
    redeemCode: db.transaction((code: string, clientId: string, redirectUri: string, verifier?: string) => {
      const hash = sha256(code);
      const row = codeByHash.get(hash) as CodeRow | undefined;
      if (!row || row.used_at !== null || row.expires_at <= now()) return null;
      useCode.run(now(), hash);
      if (row.client_id !== clientId || row.redirect_uri !== redirectUri) return null;
      const pkce =
        row.code_challenge === null
          ? verifier === undefined
          : verifier !== undefined && sameHash(s256(verifier), row.code_challenge);
      if (!pkce) return null;
      return { userId: row.user_id, scope: row.scope };
    }),
  };
}

export type GrantsStore = ReturnType<typeof grantsStore>;
