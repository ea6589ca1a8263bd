import { lookupHash, normalizeCard, normalizePin } from "../secrets.js";
import { creditLedger } from "./credit-ledger.js";
import type { Db } from "./open-database.js";

export interface UserRow {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  code: string | null;
  lang: string;
  phone: string | null;
  notes: string | null;
  password_hash: string | null;
  role: "user" | "admin";
  /** 1 when the account comes from a directory: its password is changed there, not here. */
  directory_managed: 0 | 1;
}

/** What a user may change of their own profile (PATCH /v3/users/{id}). */
export interface ProfileChanges {
  fullname?: string;
  email?: string;
  lang?: string;
}

export interface AccountRow {
  id: number;
  user_id: number;
  reference: string;
  name: string;
  type: "credit" | "quota";
  quota_pages: number | null;
  quota_period: "day" | "week" | "month" | "year" | null;
  minimum_cents: number | null;
}

/** MyQ's reference of a user's own credit account; its balance is `limits.price`. */
export const CREDIT_ACCOUNT = "internalaccount";

export interface UserFilter {
  username?: string;
  email?: string;
  card?: string;
  code?: string;
}

const USER_COLUMNS =
  "u.id, u.username, u.fullname, u.email, u.code, u.lang, u.phone, u.notes, u.password_hash, u.role, u.directory_managed";

/** Data access for users, their aliases, cards and accounts. */
export function usersRepository(db: Db, lookupKey: Buffer) {
  const byId = db.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`);
  const byNameOrAlias = db.prepare(
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.username = @name
     UNION SELECT ${USER_COLUMNS} FROM users u JOIN user_aliases a ON a.user_id = u.id WHERE a.alias = @name LIMIT 1`,
  );
  const byPin = db.prepare(
    `SELECT ${USER_COLUMNS} FROM users u JOIN user_pins p ON p.user_id = u.id WHERE p.pin_hash = ?`,
  );
  const byCard = db.prepare(
    `SELECT ${USER_COLUMNS} FROM users u JOIN user_cards c ON c.user_id = u.id WHERE c.card_hash = ?`,
  );
  const aliases = db.prepare("SELECT alias FROM user_aliases WHERE user_id = ? ORDER BY rowid").pluck();
  const accounts = db.prepare("SELECT * FROM accounts WHERE user_id = ? ORDER BY id");
  const account = db.prepare("SELECT * FROM accounts WHERE user_id = ? AND reference = ?");
  const ledger = creditLedger(db);
  const updateProfile = db.prepare(
    `UPDATE users SET fullname = coalesce(@fullname, fullname), email = coalesce(@email, email),
       lang = coalesce(@lang, lang) WHERE id = @id`,
  );
  const setPasswordHash = db.prepare("UPDATE users SET password_hash = ? WHERE id = ?");
  const pagesSince = db
    .prepare(
      "SELECT coalesce(sum(pages * copies), 0) FROM print_jobs WHERE user_id = ? AND printed_at >= ? AND state <> 'failed'",
    )
    .pluck();

  return {
    byId: (id: number) => byId.get(id) as UserRow | undefined,
    byNameOrAlias: (name: string) => byNameOrAlias.get({ name: name.trim() }) as UserRow | undefined,
    byPin: (pin: string) => byPin.get(lookupHash(lookupKey, normalizePin(pin))) as UserRow | undefined,
    byCard: (card: string) => byCard.get(lookupHash(lookupKey, normalizeCard(card))) as UserRow | undefined,
    aliases: (userId: number) => aliases.all(userId) as string[],
    accounts: (userId: number) => accounts.all(userId) as AccountRow[],
    account: (userId: number, reference: string) => account.get(userId, reference) as AccountRow | undefined,
    /** The user's credit account (the first, when there are several). */
    creditAccount: (userId: number) => (accounts.all(userId) as AccountRow[]).find((a) => a.type === "credit"),

    /** Changes the given fields only; answers the user as stored afterwards. */
    updateProfile(id: number, changes: ProfileChanges): UserRow | undefined {
      updateProfile.run({ id, fullname: null, email: null, lang: null, ...changes });
      return byId.get(id) as UserRow | undefined;
    },
    setPasswordHash: (id: number, hash: string | null) => setPasswordHash.run(hash, id).changes > 0,

    /**
     * MyQ's list answer: every filter given must match (username also matches an
     * alias); `count` is all that matched, `users` the page from `start`.
     */
    find(filter: UserFilter, page: { limit: number; start: number }): { users: UserRow[]; count: number } {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.username !== undefined) {
        where.push("(u.username = ? OR u.id IN (SELECT user_id FROM user_aliases WHERE alias = ?))");
        params.push(filter.username.trim(), filter.username.trim());
      }
      if (filter.email !== undefined) {
        where.push("u.email = ?");
        params.push(filter.email.trim());
      }
      if (filter.code !== undefined) {
        where.push("u.code = ?");
        params.push(filter.code.trim());
      }
      if (filter.card !== undefined) {
        where.push("u.id IN (SELECT user_id FROM user_cards WHERE card_hash = ?)");
        params.push(lookupHash(lookupKey, normalizeCard(filter.card)));
      }
      if (where.length === 0) return { users: [], count: 0 };
      const matching = `FROM users u WHERE ${where.join(" AND ")}`;
      const count = Number(
        db
          .prepare(`SELECT count(*) ${matching}`)
          .pluck()
          .get(...params),
      );
      const users = db
        .prepare(`SELECT ${USER_COLUMNS} ${matching} ORDER BY u.id LIMIT ? OFFSET ?`)
        .all(...params, page.limit, page.start) as UserRow[];
      return { users, count };
    },

    /** Credit: currency units. Quota: pages left in the current period. */
    balance(acc: AccountRow, now = new Date()): number {
      if (acc.type === "credit") return ledger.balanceCents(acc.id) / 100;
      const used = Number(pagesSince.get(acc.user_id, periodStart(acc.quota_period ?? "month", now)));
      return Math.max(0, (acc.quota_pages ?? 0) - used);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;

/** Start of the current quota period (UTC), in Unix seconds. */
function periodStart(period: "day" | "week" | "month" | "year", now: Date): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const start =
    period === "day"
      ? Date.UTC(y, m, d)
      : period === "week"
        ? Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7))
        : period === "month"
          ? Date.UTC(y, m, 1)
          : Date.UTC(y, 0, 1);
  return start / 1000;
}
