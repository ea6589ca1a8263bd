/**
 * Version 1 of the schema. Times are Unix seconds (UTC), money is integer
 * cents, so sums stay exact. Jobs, printers, PINs and top-ups of the later
 * issue build on these tables.
 */
export const SCHEMA_V1 = `
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL              -- JSON
) STRICT;

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  fullname      TEXT NOT NULL,
  email         TEXT COLLATE NOCASE,
  code          TEXT,
  lang          TEXT NOT NULL DEFAULT 'en',
  phone         TEXT,
  notes         TEXT,
  password_hash TEXT,              -- scrypt, salted
  pin_hash      TEXT UNIQUE,       -- HMAC-SHA256 with the lookup key; PINs are unique
  role          TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX users_email ON users (email);
CREATE INDEX users_code ON users (code);

CREATE TABLE user_aliases (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alias   TEXT NOT NULL UNIQUE COLLATE NOCASE
) STRICT;
CREATE INDEX user_aliases_user ON user_aliases (user_id);

CREATE TABLE user_cards (
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_hash TEXT NOT NULL UNIQUE   -- HMAC-SHA256 with the lookup key
) STRICT;
CREATE INDEX user_cards_user ON user_cards (user_id);

CREATE TABLE accounts (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reference       TEXT NOT NULL,
  name            TEXT NOT NULL,
  type            TEXT NOT NULL CHECK (type IN ('credit', 'quota')),
  quota_pages     INTEGER,         -- quota: pages per period
  quota_period    TEXT CHECK (quota_period IN ('day', 'week', 'month', 'year')),
  minimum_cents   INTEGER,         -- credit: lowest allowed balance
  UNIQUE (user_id, reference)
) STRICT;

-- Credit movements: top-ups (positive) and charges (negative). Balance = sum.
CREATE TABLE credit_ledger (
  id           INTEGER PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  at           INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('opening', 'recharge', 'charge', 'refund')),
  job_id       INTEGER,
  provider     TEXT,               -- recharge provider reference, for top-ups
  note         TEXT
) STRICT;
CREATE INDEX credit_ledger_account ON credit_ledger (account_id);

CREATE TABLE printers (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL UNIQUE,
  location TEXT,
  model    TEXT,
  colour   INTEGER NOT NULL CHECK (colour IN (0, 1)),
  duplex   INTEGER NOT NULL CHECK (duplex IN (0, 1)),
  state    TEXT NOT NULL DEFAULT 'ready'
) STRICT;

-- A user at a printer: signing in at the device, releasing jobs, signing out.
CREATE TABLE print_sessions (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  printer_id INTEGER NOT NULL REFERENCES printers (id),
  started_at INTEGER NOT NULL,
  ended_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX print_sessions_user ON print_sessions (user_id, started_at);

CREATE TABLE print_jobs (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('held', 'printed', 'deleted', 'failed')),
  submitted_at INTEGER NOT NULL,
  printed_at   INTEGER,
  printer_id   INTEGER REFERENCES printers (id),
  session_id   INTEGER REFERENCES print_sessions (id),
  account_id   INTEGER REFERENCES accounts (id),
  pages        INTEGER NOT NULL,   -- pages of one copy
  copies       INTEGER NOT NULL DEFAULT 1,
  colour       INTEGER NOT NULL CHECK (colour IN (0, 1)),
  duplex       INTEGER NOT NULL CHECK (duplex IN (0, 1)),
  cost_cents   INTEGER NOT NULL DEFAULT 0,
  project      TEXT,
  favorite     INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX print_jobs_user ON print_jobs (user_id, printed_at);
CREATE INDEX print_jobs_printed ON print_jobs (printed_at);

CREATE TABLE clients (
  id                    TEXT PRIMARY KEY,
  secret_hash           TEXT NOT NULL,   -- SHA-256
  title                 TEXT NOT NULL,
  scopes                TEXT NOT NULL,   -- space-separated
  redirect_uris         TEXT NOT NULL DEFAULT '[]',  -- JSON array, matched exactly
  forwards_user_address INTEGER NOT NULL DEFAULT 0,
  created_at            INTEGER NOT NULL
) STRICT;

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,           -- SHA-256
  chain_id   TEXT NOT NULL,
  client_id  TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope      TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  retired_at INTEGER,                    -- used once, replaced by the next in the chain
  revoked_at INTEGER                     -- whole chain cut off
) STRICT;
CREATE INDEX refresh_tokens_chain ON refresh_tokens (chain_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE auth_codes (
  code_hash    TEXT PRIMARY KEY,         -- SHA-256
  client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope        TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  expires_at   INTEGER NOT NULL,
  used_at      INTEGER
) STRICT;

CREATE TABLE report_executions (
  id              INTEGER PRIMARY KEY,
  report_id       INTEGER NOT NULL,
  format          TEXT NOT NULL,
  owner_client_id TEXT NOT NULL,          -- the client that started it
  owner_user_id   INTEGER,                -- the user, for user tokens (NULL: client token)
  state           TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed', 'expired')),
  created_at      INTEGER NOT NULL,
  finished_at     INTEGER,
  file_name       TEXT,                   -- inside the reports folder
  download_name   TEXT,
  failure         TEXT
) STRICT;
CREATE INDEX report_executions_state ON report_executions (state, finished_at);
`;

/**
 * Version 2, self-service (issue 13):
 * - `user_pins`: a user may hold several PINs (a new one is issued beside the
 *   old unless `deleteOld`); the primary key on the hash keeps every PIN unique
 *   across users, atomically. The PINs of `users.pin_hash` move here; that
 *   column stays (SQLite cannot drop a UNIQUE column) and is always NULL.
 * - `users.directory_managed`: the account comes from a directory (LDAP), so
 *   its password cannot be changed here.
 * - `credit_ledger` rebuilt to allow the kind `adjustment` (a correction by an
 *   administrator), with an index in statement order.
 */
export const SCHEMA_V2 = `
CREATE TABLE user_pins (
  pin_hash   TEXT PRIMARY KEY,     -- HMAC-SHA256 with the lookup key
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX user_pins_user ON user_pins (user_id);
INSERT INTO user_pins (pin_hash, user_id, created_at)
  SELECT pin_hash, id, created_at FROM users WHERE pin_hash IS NOT NULL;
UPDATE users SET pin_hash = NULL;

ALTER TABLE users ADD COLUMN directory_managed INTEGER NOT NULL DEFAULT 0 CHECK (directory_managed IN (0, 1));

CREATE TABLE credit_ledger_v2 (
  id           INTEGER PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  at           INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('opening', 'recharge', 'charge', 'refund', 'adjustment')),
  job_id       INTEGER,            -- the printed job of a charge or refund
  provider     TEXT,               -- recharge provider reference, for top-ups
  note         TEXT                -- what the statement says (a charge says its job's name)
) STRICT;
INSERT INTO credit_ledger_v2 (id, account_id, at, amount_cents, kind, job_id, provider, note)
  SELECT id, account_id, at, amount_cents, kind, job_id, provider, note FROM credit_ledger;
DROP TABLE credit_ledger;
ALTER TABLE credit_ledger_v2 RENAME TO credit_ledger;
CREATE INDEX credit_ledger_account ON credit_ledger (account_id, at, id);
`;
