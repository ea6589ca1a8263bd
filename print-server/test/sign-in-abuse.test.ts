import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredClient } from "./support/api-target.js";
import { call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

// The attacks on sign-in sent for real: addresses spread over one IPv6 /64,
// PINs sprayed from many addresses at once, and refresh tokens that must die
// when revoked or when the person gets a new PIN or password.

const REDIRECT = "https://portal.example.test/callback";
const CEILING = 10;

let server: TestApp;
let portal: RegisteredClient;
let other: RegisteredClient;

const portalOf = (target: TestApp) =>
  target.registerClient("users reports offline.access", {
    title: "Portal",
    forwardsUserAddress: true,
    redirectUris: [REDIRECT],
  });

beforeAll(async () => {
  server = await buildTestApp();
  portal = await portalOf(server);
  other = await server.registerClient("users offline.access", { title: "Other" });
});

afterAll(async () => {
  await server.close();
});

const from = (address: string) => ({ "x-forwarded-for": address });

/** The sign-in page's PIN form, posted from `remoteAddress` (the page counts the browser's own address). */
function pinOnPage(remoteAddress: string, username: string, pin: string, target = server, client = portal) {
  return target.app.inject({
    method: "POST",
    url: "/en/auth",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      scope: "users",
      state: "s",
      method: "pin",
      username,
      pin,
    }).toString(),
  });
}

async function refreshWith(client: RegisteredClient, refresh_token: string) {
  return call(server, "createToken", {
    json: {
      grant_type: "refresh_token",
      refresh_token,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });
}

async function refreshTokenOf(result: Awaited<ReturnType<typeof userToken>>): Promise<string> {
  expect(result.status, result.text).toBe(200);
  return result.json.refresh_token as string;
}

function revoke(client: RegisteredClient, token: string, asForm = false) {
  const fields = { token, client_id: client.clientId, client_secret: client.clientSecret };
  return call(
    server,
    "revokeToken",
    asForm ? { form: { ...fields, token_type_hint: "refresh_token" } } : { json: fields },
  );
}

describe("the sign-in page", () => {
  it("accepts a PIN only together with the user name it belongs to", async () => {
    const wrongName = await pinOnPage("192.0.2.10", BOB.username, ALICE.pin);
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.body).toContain("Sign-in failed");
    const noName = await pinOnPage("192.0.2.10", "", ALICE.pin);
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain("Fill in every field.");
    const right = await pinOnPage("192.0.2.10", ALICE.username, ALICE.pin);
    expect(right.statusCode).toBe(302);
    expect(new URL(right.headers.location as string).searchParams.get("code")).toBeTruthy();
  });

  it("counts every address of one IPv6 /64 as one address", async () => {
    // Ten wrong PINs, each from another address of 2001:db8:aa:1::/64 and against another name.
    for (let i = 0; i < 10; i++) {
      const res = await pinOnPage(`2001:db8:aa:1:${i.toString(16)}::${i + 1}`, `nobody${i}`, "000000");
      expect(res.statusCode).toBe(400);
    }
    const sameNetwork = await pinOnPage("2001:db8:aa:1:ffff:ffff:ffff:fffe", ALICE.username, ALICE.pin);
    expect(sameNetwork.statusCode).toBe(429);
    expect(Number(sameNetwork.headers["retry-after"])).toBeGreaterThan(0);
    expect(sameNetwork.body).toContain("Too many failed sign-ins");
    const nextNetwork = await pinOnPage("2001:db8:aa:2::1", ALICE.username, ALICE.pin);
    expect(nextNetwork.statusCode).toBe(302);
  });
});

describe("the token endpoint", () => {
  it("counts every address of one IPv6 /64 as one address", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await userToken(
        server,
        portal,
        "users",
        { type: 2, pin: `77777${i}` },
        from(`2001:db8:bb:1::${i + 1}`),
      );
      expect(res.status).toBe(400);
    }
    const sameNetwork = await userToken(
      server,
      portal,
      "users",
      { type: 2, pin: ALICE.pin },
      from("2001:db8:bb:1:1:2:3:4"),
    );
    expect(sameNetwork.status).toBe(429);
    const nextNetwork = await userToken(server, portal, "users", { type: 2, pin: ALICE.pin }, from("2001:db8:bb:2::1"));
    expect(nextNetwork.status).toBe(200);
  });
});

describe("token revocation (RFC 7009)", () => {
  it("revokes the whole chain of a refresh token, even through a token already rotated away", async () => {
    const first = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    const second = await refreshTokenOf(await refreshWith(portal, first));
    const revoked = await revoke(portal, first, true);
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get("cache-control")).toBe("no-store");
    const refused = await refreshWith(portal, second);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("invalid_grant");
  });

  it("ends only that chain: another sign-in of the same person keeps working", async () => {
    const kept = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    const ended = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    expect((await revoke(portal, ended)).status).toBe(200);
    expect((await refreshWith(portal, ended)).status).toBe(400);
    expect((await refreshWith(portal, kept)).status).toBe(200);
  });

  it("answers 200 for an unknown token, refuses another client's and an unauthenticated client", async () => {
    expect((await revoke(portal, "no-such-token")).status).toBe(200);
    const theirs = await refreshTokenOf(
      await userToken(server, other, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    const refused = await revoke(portal, theirs);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("invalid_grant");
    expect((await refreshWith(other, theirs)).status).toBe(200);
    const anonymous = await call(server, "revokeToken", {
      json: { token: theirs, client_id: portal.clientId, client_secret: "wrong" },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe("invalid_client");
  });
});

describe("a new secret ends the sessions opened with the old one", () => {
  it("a new PIN makes every earlier refresh token of that person fail", async () => {
    const before = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    const viaOther = await refreshTokenOf(
      await userToken(server, other, "users offline.access", { type: 2, pin: BOB.pin }),
    );
    const alices = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 3, user: "alice", pwd: ALICE.password }),
    );
    const token = await accessToken(await clientToken(server, portal, "users"));
    const made = await call(server, "createUserPin", { token, params: { id: BOB.id }, json: {} });
    expect(made.status).toBe(200);
    expect((await refreshWith(portal, before)).json.error).toBe("invalid_grant");
    expect((await refreshWith(other, viaOther)).json.error).toBe("invalid_grant");
    // Someone else's sessions are not touched.
    expect((await refreshWith(portal, alices)).status).toBe(200);
    // A sign-in after the change gets a working chain.
    const after = await refreshTokenOf(
      await userToken(server, portal, "users offline.access", { type: 2, pin: made.json.pin as string }),
    );
    expect((await refreshWith(portal, after)).status).toBe(200);
  });

  it("a new password makes every earlier refresh token of that person fail", async () => {
    const signedIn = await userToken(server, portal, "users offline.access", {
      type: 3,
      user: "alice",
      pwd: ALICE.password,
    });
    const before = await refreshTokenOf(signedIn);
    const changed = await call(server, "changePassword", {
      token: signedIn.json.access_token as string,
      params: { id: ALICE.id },
      json: { currentPassword: ALICE.password, newPassword: "a-new-password-9" },
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await refreshWith(portal, before)).json.error).toBe("invalid_grant");
  });
});

describe("the organisation's ceiling on failed PIN sign-ins", () => {
  let ceiled: TestApp;
  let kiosk: RegisteredClient;
  beforeAll(async () => {
    ceiled = await buildTestApp({ env: { PRINT_SERVER_PIN_FAILURE_CEILING: String(CEILING) } });
    kiosk = await portalOf(ceiled);
  });
  afterAll(async () => {
    await ceiled.close();
  });

  it("holds under 40 parallel wrong PINs from 40 addresses, then pauses PIN sign-in only", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        userToken(ceiled, kiosk, "users", { type: 2, pin: `90000${i}` }, from(`198.18.${i}.1`)),
      ),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(CEILING);
    const paused = results.filter((r) => r.status === 429);
    expect(paused).toHaveLength(40 - CEILING);
    expect(paused.every((r) => r.json.error === "too_many_requests")).toBe(true);
    expect(paused.every((r) => Number(r.headers.get("retry-after")) > 0)).toBe(true);

    // The right PIN from a fresh address waits too, on the token endpoint and on the page.
    const rightPin = await userToken(ceiled, kiosk, "users", { type: 2, pin: ALICE.pin }, from("198.19.0.1"));
    expect(rightPin.status).toBe(429);
    expect(Number(rightPin.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await pinOnPage("198.19.0.2", ALICE.username, ALICE.pin, ceiled, kiosk)).statusCode).toBe(429);
    // A password is not a PIN: its sign-in goes on.
    const password = await userToken(ceiled, kiosk, "users", { type: 3, user: "alice", pwd: ALICE.password });
    expect(password.status).toBe(200);
  });
});
