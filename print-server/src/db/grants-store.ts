import { randomUUID } from "node:crypto";
import { randomToken, sha256 } from "../secrets.js";
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
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" | "wrong_client" };

interface CodeRow {
  client_id: string;
  user_id: number;
  scope: string;
  redirect_uri: string;
  expires_at: number;
  used_at: number | null;
}

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
    `INSERT INTO auth_codes (code_hash, client_id, user_id, scope, redirect_uri, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
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

    /** Rotates: the presented token retires and a new one of the same chain is returned. */
    rotate: db.transaction((presented: string, clientId: string): RefreshOutcome => {
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
      retire.run(now(), row.token_hash);
      return {
        ok: true,
        userId: row.user_id,
        scope: row.scope,
        token: issue(row.chain_id, clientId, row.user_id, row.scope),
      };
    }),

    revokeAllOfUser: (userId: number) => revokeUser.run(now(), userId).changes,

    createCode(clientId: string, userId: number, scope: string, redirectUri: string): string {
      purgeCodes.run(now());
      const code = randomToken(32);
      insertCode.run(sha256(code), clientId, userId, scope, redirectUri, now() + 60);
      return code;
    },

    /** Single use: the first redemption marks it used, whatever the outcome of the checks. */
    redeemCode: db.transaction((code: string, clientId: string, redirectUri: string) => {
      const hash = sha256(code);
      const row = codeByHash.get(hash) as CodeRow | undefined;
      if (!row || row.used_at !== null || row.expires_at <= now()) return null;
      useCode.run(now(), hash);
      if (row.client_id !== clientId || row.redirect_uri !== redirectUri) return null;
      return { userId: row.user_id, scope: row.scope };
    }),
  };
}

export type GrantsStore = ReturnType<typeof grantsStore>;
