import { z } from "zod";
import { randomToken, sha256 } from "../secrets.js";
import { nowSeconds, type Db } from "./open-database.js";

export const KNOWN_SCOPES = [
  "users",
  "reports",
  "credit",
  "printers",
  "jobs",
  "scan",
  "statistics",
  "offline.access",
] as const;

export interface ClientRecord {
  clientId: string;
  title: string;
  scopes: string[];
  redirectUris: string[];
  forwardsUserAddress: boolean;
  /** MyQ's "Manage payments" right: create, commit, roll back and list payments. */
  managePayments: boolean;
  createdAt: string;
}

interface ClientRow {
  id: string;
  secret_hash: string;
  title: string;
  scopes: string;
  redirect_uris: string;
  forwards_user_address: number;
  manage_payments: number;
  created_at: number;
}

const redirectUrisSchema = z.array(z.string());

function toRecord(row: ClientRow): ClientRecord {
  return {
    clientId: row.id,
    title: row.title,
    scopes: row.scopes.split(" ").filter(Boolean),
    redirectUris: redirectUrisSchema.parse(JSON.parse(row.redirect_uris)),
    forwardsUserAddress: row.forwards_user_address === 1,
    managePayments: row.manage_payments === 1,
    createdAt: new Date(row.created_at * 1000).toISOString(),
  };
}

/** Registered REST API applications; only a hash of each secret is kept. */
export function clientsRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO clients (id, secret_hash, title, scopes, redirect_uris, forwards_user_address, manage_payments, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare("SELECT * FROM clients WHERE id = ?");
  const all = db.prepare("SELECT * FROM clients ORDER BY created_at, id");
  const remove = db.prepare("DELETE FROM clients WHERE id = ?");
  return {
    add(input: {
      title: string;
      scopes: string[];
      redirectUris: string[];
      forwardsUserAddress: boolean;
      managePayments?: boolean;
    }) {
      const clientId = `pc_${randomToken(12)}`;
      const clientSecret = randomToken(32);
      insert.run(
        clientId,
        sha256(clientSecret),
        input.title,
        input.scopes.join(" "),
        JSON.stringify(input.redirectUris),
        input.forwardsUserAddress ? 1 : 0,
        input.managePayments ? 1 : 0,
        nowSeconds(),
      );
      return { clientId, clientSecret };
    },
    get(id: string): (ClientRecord & { secretHash: string }) | undefined {
      const row = byId.get(id) as ClientRow | undefined;
      return row ? { ...toRecord(row), secretHash: row.secret_hash } : undefined;
    },
    list: () => (all.all() as ClientRow[]).map(toRecord),
    remove: (id: string) => remove.run(id).changes > 0,
  };
}

export type ClientsRepository = ReturnType<typeof clientsRepository>;
