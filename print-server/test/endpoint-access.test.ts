import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiOperations } from "../src/openapi/openapi-document.js";
import type { OperationId } from "../src/openapi/operation-types.js";
import { call, type CallOptions } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, clientToken, userToken } from "./support/tokens.js";

/**
 * The contract's endpoint table, written out here on purpose (not read from
 * openapi.yaml, which the server itself reads): scope and token types of each.
 */
const CONTRACT: Array<{
  operationId: OperationId;
  scope: string | null;
  types: Array<"client" | "user">;
  input: CallOptions;
}> = [
  { operationId: "getServerConfig", scope: null, types: ["client", "user"], input: {} },
  { operationId: "findUser", scope: "users", types: ["client"], input: { query: { username: "alice" } } },
  { operationId: "getUser", scope: "users", types: ["client", "user"], input: { params: { id: ALICE.id } } },
  { operationId: "getUserAccounts", scope: "credit", types: ["client", "user"], input: { params: { id: ALICE.id } } },
  {
    operationId: "getAccountBalance",
    scope: "credit",
    types: ["client", "user"],
    input: { params: { id: ALICE.id, reference: "internalaccount" } },
  },
  {
    operationId: "createUserPin",
    scope: "users",
    types: ["client"],
    // deleteOld false: alice's PIN, which signs these tests in, keeps working.
    input: { params: { id: ALICE.id }, json: { deleteOld: false } },
  },
  {
    operationId: "updateUser",
    scope: "users",
    types: ["user"],
    input: { params: { id: ALICE.id }, json: { lang: "en" } },
  },
  {
    operationId: "changePassword",
    scope: "users",
    types: ["user"],
    // Too short: refused by the rules before the current password is checked (no failed sign-in counted).
    input: { params: { id: ALICE.id }, json: { currentPassword: "x", newPassword: "y" } },
  },
  { operationId: "getUserActivity", scope: "credit", types: ["client", "user"], input: { params: { id: ALICE.id } } },
  { operationId: "listReports", scope: "reports", types: ["client", "user"], input: {} },
  {
    operationId: "createReportExecution",
    scope: "reports",
    types: ["client", "user"],
    input: { json: { id: 1, format: "csv" } },
  },
  {
    operationId: "downloadReportExecution",
    scope: "reports",
    types: ["client", "user"],
    input: { params: { executionId: 1 } },
  },
  { operationId: "listJobs", scope: "jobs", types: ["user"], input: {} },
  { operationId: "getJob", scope: "jobs", types: ["user"], input: { params: { id: 1 } } },
  { operationId: "getJobState", scope: "jobs", types: ["user"], input: { params: { id: 1 } } },
  { operationId: "changeJob", scope: "jobs", types: ["user"], input: { params: { id: 1 }, json: { favorite: false } } },
  {
    operationId: "changeJobs",
    scope: "jobs",
    types: ["user"],
    input: { json: { jobs: [{ id: 1, favorite: false }] } },
  },
  // No such job: an allowed delete is a 404 and changes nothing.
  { operationId: "deleteJob", scope: "jobs", types: ["user"], input: { params: { id: 999_999 } } },
  { operationId: "deleteJobs", scope: "jobs", types: ["user"], input: { json: [999_999] } },
  { operationId: "listPrinters", scope: "printers", types: ["client"], input: {} },
  { operationId: "getPrinter", scope: "printers", types: ["client"], input: { params: { id: 1 } } },
  { operationId: "getPrintAll", scope: "jobs", types: ["user"], input: { params: { id: 1 } } },
  {
    operationId: "releaseJobs",
    scope: "jobs",
    types: ["user"],
    input: { params: { id: 1 }, json: { jobIds: [999_999] } },
  },
  { operationId: "listRechargeProviders", scope: "credit", types: ["client", "user"], input: {} },
  {
    operationId: "createPayment",
    scope: "credit",
    types: ["client"],
    input: { params: { provider: "external" }, json: { userId: ALICE.id, params: { amount: 1 } } },
  },
  {
    operationId: "listPayments",
    scope: "credit",
    types: ["client"],
    input: { params: { provider: "voucher" }, query: { userId: String(ALICE.id) } },
  },
  {
    operationId: "commitPayment",
    scope: "credit",
    types: ["client"],
    input: { params: { provider: "external", paymentId: "unknown" } },
  },
  {
    operationId: "rollbackPayment",
    scope: "credit",
    types: ["client"],
    input: { params: { provider: "external", paymentId: "unknown" } },
  },
];

let server: TestApp;
let full: { client: string; user: string };
/** Tokens with a scope no endpoint here needs: every scoped endpoint answers them 403 insufficient_scope. */
let otherScope: { client: string; user: string };

beforeAll(async () => {
  server = await buildTestApp();
  const all = "users reports credit jobs printers";
  const app = await server.registerClient(`${all} scan`, { managePayments: true });
  full = {
    client: await accessToken(await clientToken(server, app, all)),
    user: await accessToken(await userToken(server, app, all, { type: 2, pin: ALICE.pin })),
  };
  otherScope = {
    client: await accessToken(await clientToken(server, app, "scan")),
    user: await accessToken(await userToken(server, app, "scan", { type: 2, pin: ALICE.pin })),
  };
});

afterAll(async () => {
  await server.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("every endpoint with a token", () => {
  it("is in the contract table above (a new endpoint must be added there)", () => {
    const withToken = [...openApiOperations().values()]
      .filter((op) => op.tokenTypes.length > 0)
      .map((op) => op.operationId);
    expect(withToken.sort()).toEqual(CONTRACT.map((rule) => rule.operationId).sort());
  });

  for (const rule of CONTRACT) {
    const { operationId } = rule;
    it(`${operationId}: 401 without a token (Bearer, no error code) and for a bad one (error="invalid_token")`, async () => {
      const missing = await call(server, operationId, rule.input);
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(missing.headers.get("www-authenticate")).not.toContain("error=");
      expect(typeof missing.json.error_description).toBe("string");
      for (const token of ["garbage", `${full.user}x`]) {
        const bad = await call(server, operationId, { ...rule.input, token });
        expect(bad.status).toBe(401);
        expect(bad.json.error).toBe("invalid_token");
        expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
      }
    });

    it(`${operationId}: checks the scope (${rule.scope ?? "none"}) and the token type (${rule.types.join(", ")})`, async () => {
      for (const kind of ["client", "user"] as const) {
        const allowedType = rule.types.includes(kind);
        const withScope = await call(server, operationId, { ...rule.input, token: full[kind] });
        if (!allowedType) {
          expect(withScope.status).toBe(403);
          expect(withScope.json.error).toBe("invalid_token_type");
          continue;
        }
        // Allowed: anything but an access error (a client's download of execution 1 is a 404, say).
        expect([401, 403], `${kind} ${withScope.text}`).not.toContain(withScope.status);
        const withoutScope = await call(server, operationId, { ...rule.input, token: otherScope[kind] });
        if (rule.scope === null) {
          expect(withoutScope.status).toBe(200);
        } else {
          expect(withoutScope.status).toBe(403);
          expect(withoutScope.json).toMatchObject({ error: "insufficient_scope", scope: rule.scope });
          expect(withoutScope.headers.get("www-authenticate")).toBe(
            `Bearer realm="print-server", error="insufficient_scope", scope="${rule.scope}"`,
          );
        }
      }
    });
  }
});

describe("access token verification", () => {
  it("refuses alg none, an HS256 token keyed with the public key, a foreign key and a wrong issuer", async () => {
    const claims = decodeJwt(full.client);
    const signingKey = createPrivateKey(readFileSync(path.join(server.dataDir, "keys", "token-signing.pem")));
    const publicPem = createPublicKey(signingKey).export({ type: "spki", format: "pem" });
    const foreign = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const sign = (key: Parameters<SignJWT["sign"]>[0], alg: string, issuer = String(claims.iss)) =>
      new SignJWT({ ...claims, iss: issuer }).setProtectedHeader({ alg, typ: "at+jwt" }).sign(key);
    const tokens = [
      `${b64({ alg: "none", typ: "at+jwt" })}.${b64(claims)}.`,
      await sign(new TextEncoder().encode(String(publicPem)), "HS256"),
      await sign(foreign, "ES256"),
      await sign(signingKey, "ES256", "https://someone-else.example"),
    ];
    // The real key and issuer pass, so the refusals above are for the reasons named.
    expect((await call(server, "listReports", { token: await sign(signingKey, "ES256") })).status).toBe(200);
    for (const token of tokens) {
      const res = await call(server, "listReports", { token });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("invalid_token");
    }
  });
});

describe("bad input", () => {
  it("never yields a 500 or a stack trace", async () => {
    const bodies: Array<Pick<CallOptions, "raw" | "contentType">> = [
      { raw: "", contentType: "application/json" },
      { raw: "null", contentType: "application/json" },
      { raw: "[1,2]", contentType: "application/json" },
      { raw: '{"id":1e400,"format":"csv"}', contentType: "application/json" },
      { raw: '{"id":1,"format":"csv","__proto__":{"x":1}}', contentType: "application/json" },
      { raw: "id=1&format=csv", contentType: "application/x-www-form-urlencoded" },
      { raw: "\u0000\uffff", contentType: "text/plain" },
      { raw: '{"id":1}', contentType: "application/json; charset=latin1" },
    ];
    for (const body of bodies) {
      for (const operationId of ["createReportExecution", "createToken"] as const) {
        const res = await call(server, operationId, { ...body, token: full.user });
        expect(res.status, `${operationId} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/\n\s+at |\.ts:\d+/);
      }
    }
    const queries: Array<Record<string, string>> = [
      { username: "x".repeat(5000) },
      { email: "\u0000" },
      { card: "%" },
      { code: "'; DROP TABLE users; --" },
      { username: "alice", include: "aliases,aliases,accounts" },
    ];
    for (const query of queries) {
      const res = await call(server, "findUser", { query, token: full.client });
      expect(res.status, JSON.stringify(query)).toBeLessThan(500);
    }
    for (const [lang, body, type] of [
      ["en", "[1]", "application/json"],
      ["en", "null", "application/json"],
      ["en", "client_id=x&client_id=y&method=pin&pin=1", "application/x-www-form-urlencoded"],
      ["en", "%%%", "application/x-www-form-urlencoded"],
      ["EN-gb-x", "", "text/plain"],
    ] as const) {
      const res = await server.fetch(`/${lang}/auth`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(res.status, `${lang} ${body}`).toBeLessThan(500);
      expect(res.headers.get("location"), body).toBeNull();
      await res.arrayBuffer();
    }
    const page = await server.fetch("/en/auth?response_type=code&client_id[]=x&redirect_uri=%ZZ&scope=users");
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    await page.arrayBuffer();
    for (const reference of ["..%2F..%2Fetc%2Fpasswd", "%00", "x".repeat(150)]) {
      const res = await server.fetch(`/api/v3/users/1/accounts/${reference}/balance`, {
        headers: { authorization: `Bearer ${full.user}` },
      });
      expect(res.status, reference).toBeLessThan(500);
    }
  });
});
