import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accountKind } from "@/lib/browser-safe/contract-assumptions";
import { toUserAccounts } from "./accounts";
import { mapApiError, mapSignInError } from "./error-mapping";
import { toJob, toJobList } from "./jobs";
import { toCommittedPayment, toCreatedPayment, toPaymentList, toRechargeProviders } from "./payments";
import { toPrintAll, toPrinterList } from "./printers";
import { toTokenSet } from "./token-set";
import { toFoundUser, toNewPin, toUserProfile } from "./users";

// Every example answer of ../shared/docs/myq-examples.md (answers in a real
// MyQ X's shapes), read by the portal's print server client. The examples are
// read from a copy kept beside this test (the shared file is outside the
// repository); a test below keeps the copy equal to the shared file.

const FIXTURE = path.join(__dirname, "myq-fixtures", "myq-examples.md");
// shared/ lies beside the repository (a worktree one level deeper).
const SHARED = [path.join("..", "shared"), path.join("..", "..", "shared")]
  .map((dir) => path.join(__dirname, "..", "..", dir, "docs", "myq-examples.md"))
  .find((file) => existsSync(file));

/** The JSON blocks of each `## ` section, in order. */
function examples(markdown: string): Map<string, unknown[]> {
  const sections = new Map<string, unknown[]>();
  let heading = "";
  for (const part of markdown.split(/^## /m).slice(1)) {
    heading = part.slice(0, part.indexOf("\n")).trim();
    const blocks = [...part.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as unknown);
    sections.set(heading, blocks);
  }
  return sections;
}

const all = examples(readFileSync(FIXTURE, "utf8"));

/** Each section's blocks, each handled by one check below; a new example fails until it is read. */
const readers: Record<string, Array<(body: unknown) => void>> = {
  "Token (client_credentials, login_info)": [
    (body) => {
      const tokens = toTokenSet(body, 0);
      expect(tokens).toMatchObject({ expiresAt: 1_800_000, scopes: ["credit", "users"], refreshToken: undefined });
    },
  ],
  "Errors (any endpoint)": [
    (body) => {
      // The status decides; `code` is only logged.
      expect(mapApiError(400, body, new Headers())).toMatchObject({ code: "bad_request", reason: "myq code 400" });
      expect(mapApiError(403, body, new Headers())).toMatchObject({ code: "forbidden_scope" });
      expect(mapApiError(404, body, new Headers())).toMatchObject({ code: "not_found" });
      expect(mapApiError(503, body, new Headers())).toMatchObject({ code: "unreachable" });
      expect(mapSignInError(400, body, new Headers())).toMatchObject({ code: "invalid_credentials" });
    },
  ],
  "GET /v3/users/find?username=alice&include=aliases,accounts": [
    (body) =>
      expect(toFoundUser(body)).toEqual({
        username: "alice",
        fullName: "Alice Liddell",
        email: "alice@example.com",
        language: "en",
        aliases: ["a.liddell"],
        passwordManagedElsewhere: false,
      }),
    (body) => expect(toFoundUser(body)).toBeNull(),
  ],
  "GET /v3/users/12/accounts": [
    (body) => {
      const accounts = toUserAccounts(body);
      expect(accounts.accounts.map(accountKind)).toEqual(["credit", "quota"]);
      expect(accounts.accounts[0]?.limits.price).toBe(25.5);
      expect(accounts.accounts[1]?.limits).toMatchObject({ total: 500, color: 100, mono: null });
      expect(accounts.accounts[1]?.limits.period).toBeUndefined();
    },
  ],
  "GET /v3/jobs (a job; the list is `{jobs, count}`)": [
    (body) => {
      const job = toJob(body);
      expect(job).toMatchObject({ id: 4711, name: "Boarding pass.pdf", duplex: false, color: false, pages: 1 });
      expect(job.submittedAt).toBe("2026-11-23T08:14:05+01:00");
      // A real MyQ X says nothing of these: the page leaves them out.
      expect(job.state).toBeNull();
      expect(job.expiresAt).toBeNull();
      expect(toJobList({ jobs: [body], count: 1 }).jobs).toEqual([job]);
    },
  ],
  "GET /v3/printers": [
    (body) =>
      expect(toPrinterList(body)).toEqual({
        printers: [{ id: 3, name: "Reception", location: "Ground floor", state: "active", mode: "online" }],
        count: 1,
      }),
  ],
  "GET /v3/printers/3/printAll": [(body) => expect(toPrintAll(body)).toEqual({ jobIds: [4711], moreJobs: false })],
  'POST /v2/users/12/pins `{"deleteOld": true}`': [(body) => expect(toNewPin(body)).toBe("583920")],
  "GET /v3/rechargeProviders": [
    (body) =>
      expect(toRechargeProviders(body)).toEqual([
        { name: "External Payment Providers", reference: "external" },
        { name: "Voucher", reference: "voucher" },
      ]),
  ],
  'Payments (client token with "Manage payments")': [
    (body) => expect(toCreatedPayment(body)).toEqual({ id: "9f1c2b7e", userId: 12, amount: 5 }),
    (body) =>
      expect(toPaymentList(body)).toEqual({
        payments: [
          {
            id: "9f1c2b7e",
            userId: 12,
            amount: 5,
            currency: "EUR",
            state: "committed",
            created: "2026-11-23T08:20:00+01:00",
            provider: "external",
            description: "School canteen top-up",
          },
        ],
        count: 1,
      }),
  ],
  "CA certificate": [],
};

describe("the print server client reads every example of myq-examples.md", () => {
  it("has a reader for every section and every example", () => {
    expect([...all.keys()].sort()).toEqual(Object.keys(readers).sort());
    for (const [heading, blocks] of all) expect(blocks.length, heading).toBe(readers[heading]?.length);
  });

  for (const [heading, blocks] of all) {
    blocks.forEach((body, index) => {
      it(`${heading} #${index + 1}`, () => readers[heading]![index]!(body));
    });
  }

  it("reads what the examples give only in their text", () => {
    // Commit answers `{"amount": 5}`: no balance from a real MyQ X.
    expect(toCommittedPayment({ amount: 5 })).toEqual({ amount: 5, balance: null });
    expect(toCommittedPayment({ id: "p1", amount: 5, state: "committed", balance: 30.5 })).toEqual({
      amount: 5,
      balance: 30.5,
    });
    // A user record with MyQ's extra fields, some empty.
    const user = all.get("GET /v3/users/find?username=alice&include=aliases,accounts")?.[0] as { users: unknown[] };
    expect(toUserProfile(user.users[0]).email).toBe("alice@example.com");
    expect(toUserProfile({ id: 1, username: "x", fullname: "", email: "" })).toMatchObject({ fullName: "x" });
  });

  it.skipIf(SHARED === undefined)("keeps its copy of the examples equal to ../shared/docs/myq-examples.md", () => {
    expect(readFileSync(FIXTURE, "utf8")).toBe(readFileSync(SHARED!, "utf8"));
  });
});
