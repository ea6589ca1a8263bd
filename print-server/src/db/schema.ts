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
 * Version 2, self-service:
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

/**
 * Version 3: print jobs a user manages. A job moves `ready` (held,
 * was `held`) -> `processing` -> `printed`, and leaves the user's list as
 * `deleted`, by the user or by retention. `printed_at` is when it was first
 * printed and stays when the job is later deleted, so the reports count every
 * print whatever became of the job. A reprint is a row of its own
 * (`reprint_of`), which the reports count and the charge names, and which is
 * never listed. `retained_from` is when the job's retention clock started
 * (sent, last printed, or unmarked as a favourite). Printers get MyQ's
 * fields; `job_releases` holds the jobs a printer is printing right now, so a
 * restart finishes them rather than losing or charging them twice.
 */
export const SCHEMA_V3 = `
CREATE TABLE print_jobs_v2 (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('ready', 'paused', 'processing', 'printed', 'deleted', 'failed')),
  submitted_at  INTEGER NOT NULL,
  printed_at    INTEGER,           -- first printed; kept when the job is deleted later
  printer_id    INTEGER REFERENCES printers (id),
  session_id    INTEGER REFERENCES print_sessions (id),
  account_id    INTEGER REFERENCES accounts (id),
  pages         INTEGER NOT NULL,  -- pages of one copy
  copies        INTEGER NOT NULL DEFAULT 1,
  colour        INTEGER NOT NULL CHECK (colour IN (0, 1)),
  duplex        INTEGER NOT NULL CHECK (duplex IN (0, 1)),
  cost_cents    INTEGER NOT NULL DEFAULT 0,  -- what it cost when printed
  project       TEXT,
  favorite      INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1)),
  retained_from INTEGER NOT NULL,
  reprint_of    INTEGER            -- the listed job this row records a reprint of
) STRICT;
INSERT INTO print_jobs_v2 (id, user_id, name, state, submitted_at, printed_at, printer_id, session_id, account_id,
  pages, copies, colour, duplex, cost_cents, project, favorite, retained_from)
SELECT id, user_id, name, CASE state WHEN 'held' THEN 'ready' ELSE state END, submitted_at, printed_at, printer_id,
  session_id, account_id, pages, copies, colour, duplex, cost_cents, project, favorite,
  coalesce(printed_at, submitted_at)
FROM print_jobs;
DROP TABLE print_jobs;
ALTER TABLE print_jobs_v2 RENAME TO print_jobs;
CREATE INDEX print_jobs_user ON print_jobs (user_id, printed_at);
CREATE INDEX print_jobs_printed ON print_jobs (printed_at);
-- A user's list (GET /v3/jobs), newest first; only jobs still listed.
CREATE INDEX print_jobs_listed ON print_jobs (user_id, state, submitted_at)
  WHERE reprint_of IS NULL AND state <> 'deleted';
-- What retention may delete.
CREATE INDEX print_jobs_retention ON print_jobs (retained_from)
  WHERE reprint_of IS NULL AND favorite = 0 AND state IN ('ready', 'paused', 'printed');

CREATE TABLE printers_v2 (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  location      TEXT,
  brand         TEXT,
  model         TEXT,
  colour        INTEGER NOT NULL CHECK (colour IN (0, 1)),
  duplex        INTEGER NOT NULL CHECK (duplex IN (0, 1)),
  state         TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'disabled')),        -- set by an administrator
  mode          TEXT NOT NULL DEFAULT 'online' CHECK (mode IN ('online', 'offline', 'withIssue')), -- what the device reports
  group_name    TEXT,
  ip_address    TEXT,
  serial_number TEXT,
  mac           TEXT,
  notes         TEXT
) STRICT;
INSERT INTO printers_v2 (id, name, location, model, colour, duplex)
SELECT id, name, location, model, colour, duplex FROM printers;
DROP TABLE printers;
ALTER TABLE printers_v2 RENAME TO printers;

-- Jobs being printed: one row per job from release until printed (then charged, in one transaction).
CREATE TABLE job_releases (
  id          INTEGER PRIMARY KEY,
  job_id      INTEGER NOT NULL UNIQUE REFERENCES print_jobs (id) ON DELETE CASCADE,  -- one release of a job at a time
  printer_id  INTEGER NOT NULL REFERENCES printers (id),
  session_id  INTEGER NOT NULL REFERENCES print_sessions (id),
  account_id  INTEGER REFERENCES accounts (id),   -- what pays; NULL when nothing is charged
  copies      INTEGER NOT NULL,
  colour      INTEGER NOT NULL CHECK (colour IN (0, 1)),
  duplex      INTEGER NOT NULL CHECK (duplex IN (0, 1)),
  cost_cents  INTEGER NOT NULL,
  reprint     INTEGER NOT NULL CHECK (reprint IN (0, 1)),
  released_at INTEGER NOT NULL,
  done_at_ms  INTEGER NOT NULL   -- when the printer finishes it (Unix milliseconds: printing takes seconds)
) STRICT;
CREATE INDEX job_releases_done ON job_releases (done_at_ms);
CREATE INDEX job_releases_printer ON job_releases (printer_id, done_at_ms);
CREATE INDEX job_releases_account ON job_releases (account_id);

-- Releases sent with an Idempotency-Key: a retry with the same key gets the first answer and prints nothing.
CREATE TABLE release_requests (
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  fingerprint     TEXT NOT NULL,   -- SHA-256 of the printer and the body, to refuse the key for another release
  answer          TEXT NOT NULL,   -- JSON of the 202 answer
  created_at      INTEGER NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX release_requests_created ON release_requests (created_at);
`;

/**
 * Version 4, real MyQ shapes and payments:
 * - a user's credit account has MyQ's reference `internalaccount`;
 * - clients may hold the "Manage payments" right;
 * - an authorization code keeps its PKCE challenge (RFC 7636);
 * - payments (recharges through a provider: `external`, `voucher`), vouchers
 *   and the failed voucher codes a user typed (for the per-user limit).
 * No foreign key points at `credit_ledger`, so that table can be rebuilt.
 */
export const SCHEMA_V4 = `
UPDATE accounts SET reference = 'internalaccount' WHERE type = 'credit' AND reference = 'credit';

ALTER TABLE clients ADD COLUMN manage_payments INTEGER NOT NULL DEFAULT 0 CHECK (manage_payments IN (0, 1));

ALTER TABLE auth_codes ADD COLUMN code_challenge TEXT;   -- PKCE S256 challenge, when the sign-in link had one

CREATE TABLE vouchers (
  code_hash   TEXT PRIMARY KEY,      -- HMAC-SHA256 of the normalised code with the lookup key
  value_cents INTEGER NOT NULL CHECK (value_cents > 0),
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  payment_id  TEXT,                  -- the payment holding it (created) or that used it (committed)
  used_at     INTEGER
) STRICT, WITHOUT ROWID;

CREATE TABLE payments (
  seq          INTEGER PRIMARY KEY,  -- order of creation: paymentNo, newest first
  id           TEXT NOT NULL UNIQUE, -- the API's payment id (random)
  provider     TEXT NOT NULL,
  client_id    TEXT NOT NULL,        -- the application that created it
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency     TEXT NOT NULL,
  description  TEXT NOT NULL,
  voucher_hash TEXT,
  state        TEXT NOT NULL CHECK (state IN ('created', 'committed', 'rolledback', 'expired')),
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,     -- a created payment not committed by then expires
  ledger_id    INTEGER               -- the credit_ledger line of a committed payment
) STRICT;
CREATE INDEX payments_user ON payments (provider, user_id, seq);
CREATE INDEX payments_open ON payments (state, expires_at);

CREATE TABLE voucher_failures (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at      INTEGER NOT NULL
) STRICT;
CREATE INDEX voucher_failures_user ON voucher_failures (user_id, at);
`;

/**
 * Version 5: retention's index leads with the job's state. Each sweep (held
 * jobs, printed ones) has a retention time of its own, and with the index on
 * `retained_from` alone the held sweep walked every printed job of the
 * printed retention week too, before every release: tens of thousands of
 * index entries in a large organisation.
 */
export const SCHEMA_V5 = `
DROP INDEX print_jobs_retention;
CREATE INDEX print_jobs_retention ON print_jobs (state, retained_from)
  WHERE reprint_of IS NULL AND favorite = 0 AND state IN ('ready', 'paused', 'printed');
`;
