import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredClient } from "./support/api-target.js";
import { logTexts } from "./support/log-texts.js";
import { call } from "./support/openapi-client.js";
import { creditBalance } from "./support/credit.js";
import { pollUntil } from "./support/poll.js";
import { removeDataDir, startPrintServer, type PrintServer } from "./support/print-server-process.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

/**
 * One test per endpoint family against the real server in its own process,
 * over HTTPS with its CA trusted (verification on). The other API tests run
 * the same app in process (test-app.ts); these prove the wire: TLS, the HTTP
 * parser, streaming, redirects and the log on stdout. A new endpoint family
 * adds its test here.
 */
let server: PrintServer;
let client: RegisteredClient;
let alice: string;
const REDIRECT = "https://portal.example.test/callback";
/** PINs and passwords set by the tests: the log must not hold them either. */
const pins: string[] = [];
const secrets: string[] = [];

beforeAll(async () => {
  server = await startPrintServer({ env: { PRINT_SERVER_SIGN_IN_PAGE_PORT: "0" } });
  client = await server.registerClient("users reports credit jobs printers offline.access", {
    redirectUris: [REDIRECT],
  });
  alice = await accessToken(
    await userToken(server, client, "users reports credit", { type: 3, user: ALICE.username, pwd: ALICE.password }),
  );
});

afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

describe("over HTTPS", () => {
  it("auth: issues client and user tokens (JSON and form bodies, HTTP Basic) and rotates a refresh token", async () => {
    const app = await clientToken(server, client, "users");
    expect(app.status).toBe(200);
    expect(decodeJwt(app.json.access_token).sub).toBe(client.clientId);
    const form = await call(server, "createToken", {
      form: {
        grant_type: "login_info",
        scope: "users offline.access",
        login_info: JSON.stringify({ type: 2, pin: ALICE.pin }),
      },
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
    });
    expect(form.status, form.text).toBe(200);
    expect(form.headers.get("cache-control")).toBe("no-store");
    const refreshed = await call(server, "createToken", {
      json: {
        grant_type: "refresh_token",
        refresh_token: form.json.refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(form.json.refresh_token);
  });

  it("server: status, configuration and the CA certificate", async () => {
    expect((await call(server, "getServerStatus")).json).toBe(1);
    expect((await call(server, "getServerConfig", { token: alice })).json).toMatchObject({ currency: "EUR" });
    expect((await call(server, "getCaCertificate")).text).toBe(server.caPem);
  });

  it("users: a user's own record, accounts and balance; 404 for another user's", async () => {
    const me = await call(server, "getUser", { token: alice, params: { id: ALICE.id }, query: { include: "aliases" } });
    expect(me.json).toMatchObject({ username: "alice", aliases: ["a.liddell", "alice.l"] });
    const accounts = await call(server, "getUserAccounts", { token: alice, params: { id: ALICE.id } });
    expect(accounts.json.accounts).toHaveLength(2);
    const balance = await call(server, "getAccountBalance", {
      token: alice,
      params: { id: ALICE.id, reference: "internalaccount" },
    });
    expect(balance.json).toEqual({ amount: 25.5 });
    expect((await call(server, "getUser", { token: alice, params: { id: 2 } })).status).toBe(404);
  });

  it("reports: lists, runs one and streams its file", async () => {
    const list = await call(server, "listReports", { token: alice });
    expect(list.json.count).toBe(3);
    const started = await call(server, "createReportExecution", { token: alice, json: { id: 3, format: "csv" } });
    expect(started.status).toBe(200);
    const done = await pollUntil(async () => {
      const res = await call(server, "downloadReportExecution", {
        token: alice,
        params: { executionId: started.json.executionId },
      });
      return res.status === 202 ? undefined : res;
    });
    expect(done.status).toBe(200);
    expect(done.headers.get("content-disposition")).toMatch(/^attachment; filename="my-monthly-summary-/);
    expect(done.text).toMatch(/^Month,Jobs,Pages/);
  });

  it("jobs and printers: every endpoint, a release that prints and charges, 404 for another user's job", async () => {
    const jobs = await accessToken(await userToken(server, client, "jobs credit", { type: 2, pin: ALICE.pin }));
    const bob = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: BOB.pin }));
    const app = await accessToken(await clientToken(server, client, "printers"));
    const ready = await call(server, "listJobs", { token: jobs, query: { state: "ready", limit: "10", start: "0" } });
    expect(ready.json.count).toBe(3);
    const byName = (name: string) => ready.json.jobs.find((j: { name: string }) => j.name === name).id as number;
    const [boarding, photo, report] = ["Boarding pass.pdf", "Team photo.jpg", "Quarterly report.pdf"].map(byName) as [
      number,
      number,
      number,
    ];
    expect((await call(server, "getJob", { token: jobs, params: { id: boarding } })).json).toMatchObject({
      name: "Boarding pass.pdf",
      cost: 0.05,
      state: "ready",
    });
    expect((await call(server, "getJob", { token: bob, params: { id: boarding } })).status).toBe(404);
    const favourite = await call(server, "changeJob", { token: jobs, params: { id: photo }, json: { favorite: true } });
    expect(favourite.json.favorite).toBe(true);
    const unmarked = await call(server, "changeJobs", {
      token: jobs,
      json: { jobs: [{ id: photo, favorite: false }] },
    });
    expect(unmarked.json).toMatchObject({ count: 1, jobs: [{ id: photo, favorite: false }] });

    const offline = await call(server, "listPrinters", { token: app, query: { status: "offline" } });
    expect(offline.json).toMatchObject({ count: 1, printers: [{ name: "Warehouse", mode: "offline" }] });
    expect((await call(server, "getPrinter", { token: app, params: { id: 1 } })).json.name).toBe("Reception");
    const all = await call(server, "getPrintAll", { token: jobs, params: { id: 1 } });
    expect(all.json.jobs.map((j: { id: number }) => j.id).sort()).toEqual([boarding, photo, report].sort());

    const released = await call(server, "releaseJobs", {
      token: jobs,
      params: { id: 1 },
      json: { jobIds: [boarding] },
    });
    expect(released.status).toBe(202);
    expect(released.json).toEqual({ jobs: [{ id: boarding, state: "processing", cost: 0.05 }] });
    await pollUntil(async () => {
      const res = await call(server, "getJobState", { token: jobs, params: { id: boarding } });
      return res.json.state === "printed" ? res : undefined;
    });
    expect(await creditBalance(server, jobs, ALICE.id)).toBe(25.45);

    expect((await call(server, "deleteJob", { token: jobs, params: { id: photo } })).status).toBe(204);
    expect((await call(server, "deleteJobs", { token: jobs, json: [report, photo] })).status).toBe(204);
    expect((await call(server, "listJobs", { token: jobs })).json).toEqual({ jobs: [], count: 0 });
  });

  it("sign-in page: shows the form, redirects with a code, and the code buys one token only", async () => {
    const fields = { client_id: client.clientId, redirect_uri: REDIRECT, scope: "users", state: "s-1" };
    const page = await call(server, "showSignInPage", {
      params: { lang: "de" },
      query: { response_type: "code", theme: "dark", ...fields },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="pin">PIN</label>');
    expect(page.text).toContain('<html lang="de" class="dark">');
    const signedIn = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: { ...fields, method: "pin", username: ALICE.username, pin: ALICE.pin },
    });
    expect(signedIn.status).toBe(302);
    const location = new URL(signedIn.headers.get("location") ?? "");
    expect(location.searchParams.get("state")).toBe("s-1");
    const token = await call(server, "createToken", {
      form: {
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(token.status).toBe(200);
    expect(decodeJwt(token.json.access_token).username).toBe("alice");
    expect(token.json.refresh_token).toBeUndefined();

    // The same code sent 40 times at once over the wire: exactly one token.
    const again = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: { ...fields, method: "pin", username: ALICE.username, pin: ALICE.pin },
    });
    const code = new URL(again.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const replays = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(server, "createToken", {
          form: {
            grant_type: "authorization_code",
            code,
            redirect_uri: REDIRECT,
            client_id: client.clientId,
            client_secret: client.clientSecret,
          },
        }),
      ),
    );
    expect(replays.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("self-service: a new PIN, the profile, the password and the credit statement", async () => {
    const app = await accessToken(await clientToken(server, client, "users"));
    const pin = await call(server, "createUserPin", { token: app, params: { id: BOB.id }, json: { deleteOld: true } });
    expect(pin.status).toBe(200);
    expect(pin.headers.get("cache-control")).toBe("no-store");
    pins.push(pin.json.pin);
    expect((await userToken(server, client, "users", { type: 2, pin: BOB.pin })).status).toBe(400);
    const bob = await accessToken(await userToken(server, client, "users", { type: 2, pin: pin.json.pin }));

    const profile = await call(server, "updateUser", {
      token: bob,
      params: { id: BOB.id },
      json: { email: "bob.builder@example.org", lang: "de" },
    });
    expect(profile.json).toMatchObject({ email: "bob.builder@example.org", lang: "de", syncSource: "" });

    const password = await call(server, "changePassword", {
      token: bob,
      params: { id: BOB.id },
      json: { currentPassword: BOB.password, newPassword: "scoop-and-muck-2" },
    });
    expect(password.status).toBe(204);
    secrets.push("scoop-and-muck-2");
    expect((await userToken(server, client, "users", { type: 3, user: "bob", pwd: "scoop-and-muck-2" })).status).toBe(
      200,
    );

    const activity = await call(server, "getUserActivity", {
      token: alice,
      params: { id: ALICE.id },
      query: { type: "print,recharge", limit: "5" },
    });
    expect(activity.status).toBe(200);
    expect(activity.json.activity).toHaveLength(5);
    expect(activity.json.count).toBeGreaterThan(5);
    const everything = await call(server, "getUserActivity", { token: alice, params: { id: ALICE.id } });
    // The newest line's balance is the balance now (the jobs test above printed for 0.05).
    expect(everything.json.activity[0].balance).toBe(await creditBalance(server, alice, ALICE.id));
    expect(everything.json.activity[0]).toMatchObject({
      type: "print",
      amount: -0.05,
      balance: 25.45,
      description: "Boarding pass.pdf",
    });
  });

  it("serves the sign-in page alone over plain HTTP on loopback when asked, the API never", async () => {
    const listening = server.logs.find((line) => line.msg === "listening");
    const pageUrl = String(listening?.signInPageUrl ?? "");
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const query = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      scope: "users",
      state: "plain",
    });
    const page = await fetch(`${pageUrl}/cs/auth?${query}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="cs"');
    for (const path of ["/api/server/status", "/api/auth/token", "/api/v3/users/1"]) {
      expect((await fetch(`${pageUrl}${path}`)).status).toBe(404);
    }
    const signedIn = await fetch(`${pageUrl}/cs/auth`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: REDIRECT,
        scope: "users",
        state: "plain",
        method: "password",
        username: ALICE.username,
        password: ALICE.password,
      }),
    });
    expect(signedIn.status).toBe(302);
    const code = new URL(signedIn.headers.get("location") ?? "").searchParams.get("code") ?? "";
    // The code is exchanged over HTTPS, as always.
    const token = await call(server, "createToken", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(token.status).toBe(200);
  });

  it("payments: a voucher redeemed and committed with an empty JSON body, as MyQ's payment gateway sends it", async () => {
    const gateway = await server.registerClient("credit", { managePayments: true, title: "Gateway" });
    const token = await accessToken(await clientToken(server, gateway, "credit"));
    const providers = await call(server, "listRechargeProviders", { token });
    expect(providers.json.providers.map((p: { reference: string }) => p.reference)).toEqual(["external", "voucher"]);
    const created = await call(server, "createPayment", {
      token,
      params: { provider: "voucher" },
      json: { userId: BOB.id, params: { code: "voucher 20" } },
    });
    expect(created.status, created.text).toBe(201);
    secrets.push("VOUCHER-20", "VOUCHER20");
    const committed = await call(server, "commitPayment", {
      token,
      params: { provider: "voucher", paymentId: created.json.id },
      raw: "",
      contentType: "application/json",
    });
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json).toMatchObject({ amount: 20, state: "committed", balance: 23.2 });
    const listed = await call(server, "listPayments", {
      token,
      params: { provider: "voucher" },
      query: { userId: String(BOB.id) },
    });
    expect(listed.json.payments[0]).toMatchObject({ id: created.json.id, state: "committed", amount: 20 });
  });

  it("answers a malformed URL, oversized headers and an unknown path with the contract's error body", async () => {
    const url = await server.fetch("/api/v3/users/%E0%A4%A");
    expect(url.status).toBe(400);
    expect(await url.json()).toMatchObject({ error: "invalid_request" });
    const headers = await server.fetch("/api/v3/users/1", {
      headers: { authorization: `Bearer ${"x".repeat(20_000)}` },
    });
    expect(headers.status).toBe(431);
    expect(await headers.json()).toMatchObject({ error: "invalid_request" });
    const unknown = await server.fetch("/api/v9/nothing");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found" });
  });

  // Last: reads what the requests above wrote.
  it("logs one JSON line per request on stdout, with nothing secret", async () => {
    await pollUntil(async () => server.logs.find((l) => l.msg === "request" && l.route === "(unmatched)"));
    const requests = server.logs.filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(10);
    expect(requests[0]).toMatchObject({ method: "POST", route: "/api/auth/token", status: 200, userId: ALICE.id });
    const output = server.output();
    for (const secret of [ALICE.password, ALICE.pin, client.clientSecret, alice, ...secrets]) {
      expect(output).not.toContain(secret);
    }
    const texts = logTexts(server.logs);
    for (const pin of pins) expect(texts.filter((text) => text.includes(pin))).toEqual([]);
  });
});
