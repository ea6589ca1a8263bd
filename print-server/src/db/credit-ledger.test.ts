import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { creditLedger } from "./credit-ledger.js";
import { openDatabase, type Db } from "./open-database.js";

let db: Db;

beforeEach(() => {
  ({ db } = openDatabase(":memory:"));
  db.prepare("INSERT INTO users (id, username, fullname, created_at) VALUES (1, 'alice', 'Alice', 0)").run();
  db.prepare(
    "INSERT INTO accounts (id, user_id, reference, name, type) VALUES (7, 1, 'credit', 'Credit', 'credit')",
  ).run();
});

afterEach(() => db.close());

describe("credit ledger", () => {
  it("keeps the balance as the sum of its lines; a charge is one negative line naming the job", () => {
    const ledger = creditLedger(db);
    expect(ledger.balanceCents(7)).toBe(0);
    ledger.append({ accountId: 7, at: 100, amountCents: 2550, kind: "opening", note: "Opening balance" });
    ledger.append({ accountId: 7, at: 200, amountCents: 500, kind: "recharge", provider: "voucher" });
    const id = ledger.charge(7, 168, 42, 300);
    expect(ledger.balanceCents(7)).toBe(2882);
    expect(db.prepare("SELECT amount_cents, kind, job_id FROM credit_ledger WHERE id = ?").get(id)).toEqual({
      amount_cents: -168,
      kind: "charge",
      job_id: 42,
    });
  });

  it("refuses an amount that is not whole cents", () => {
    expect(() => creditLedger(db).append({ accountId: 7, at: 1, amountCents: 1.5, kind: "refund" })).toThrow(
      /whole cents/,
    );
  });
});
