import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isSteppingPin } from "../src/auth/new-pin.js";
import { DEMO_SELF_SERVICE, writeSelfService, type SelfServiceSettings } from "../src/db/settings.js";
import type { RegisteredClient } from "./support/api-target.js";
import { logTexts } from "./support/log-texts.js";
import { call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, CAROL, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let app: RegisteredClient;
let client: string;
const issued: string[] = [];

beforeAll(async () => {
  server = await buildTestApp();
  app = await server.registerClient("users credit");
  client = await accessToken(await clientToken(server, app, "users"));
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => setSelfService({}));

function setSelfService(change: Partial<SelfServiceSettings>): void {
  writeSelfService(server.services.db, { ...DEMO_SELF_SERVICE, ...change });
}

async function newPin(id: number, deleteOld?: boolean): Promise<string> {
  const res = await call(server, "createUserPin", {
    token: client,
    params: { id },
    ...(deleteOld !== undefined && { json: { deleteOld } }),
  });
  expect(res.status, res.text).toBe(200);
  issued.push(res.json.pin);
  return res.json.pin as string;
}

/** The id of the user the PIN signs in (login_info type 2), or the error it gets. */
async function signInByPin(pin: string): Promise<number | string> {
  const res = await userToken(server, app, "users", { type: 2, pin });
  if (res.status !== 200) return res.json.error as string;
  return Number(decodeJwt(res.json.access_token).sub);
}

/** Adds `count` plain users (no PIN) and answers their ids. */
function addUsers(count: number, prefix: string): number[] {
  const insert = server.services.db.prepare(
    "INSERT INTO users (username, fullname, created_at) VALUES (?, ?, 0) RETURNING id",
  );
  return Array.from({ length: count }, (_, i) => Number(insert.pluck().get(`${prefix}${i}`, `User ${prefix}${i}`)));
}

describe("POST /v2/users/{id}/pins", () => {
  it("answers a new PIN of the server's length (6 in the demo), no-store, never a stepping one", async () => {
    const res = await call(server, "createUserPin", { token: client, params: { id: CAROL.id }, json: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json.pin).toMatch(/^\d{6}$/);
    expect(isSteppingPin(res.json.pin)).toBe(false);
    issued.push(res.json.pin);
    // No body at all is the same as deleteOld: false.
    expect(await newPin(CAROL.id)).toMatch(/^\d{6}$/);
  });

  it("follows the PIN length setting (4 to 16 digits)", async () => {
    for (const length of [4, 9, 16]) {
      setSelfService({ pinChange: { allowed: true, length } });
      expect(await newPin(CAROL.id)).toMatch(new RegExp(`^\\d{${length}}$`));
    }
  });

  it("answers 403 not_allowed when users may not change their PIN, and issues nothing", async () => {
    setSelfService({ pinChange: { allowed: false, length: 6 } });
    const before = server.services.pins.count(BOB.id);
    const res = await call(server, "createUserPin", {
      token: client,
      params: { id: BOB.id },
      json: { deleteOld: true },
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("not_allowed");
    expect(server.services.pins.count(BOB.id)).toBe(before);
    expect(await signInByPin(BOB.pin)).toBe(BOB.id);
  });

  it("refuses user tokens, for another user's id and for one's own (a client token only)", async () => {
    const alice = await accessToken(await userToken(server, app, "users", { type: 2, pin: ALICE.pin }));
    for (const id of [BOB.id, ALICE.id]) {
      const res = await call(server, "createUserPin", { token: alice, params: { id }, json: { deleteOld: true } });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("invalid_token_type");
    }
    expect(await signInByPin(BOB.pin)).toBe(BOB.id);
  });

  it("answers 404 for a user that does not exist", async () => {
    const res = await call(server, "createUserPin", { token: client, params: { id: 999 }, json: {} });
    expect(res.status).toBe(404);
  });

  it("keeps the old PIN working without deleteOld, and retires it with deleteOld", async () => {
    const added = await newPin(BOB.id, false);
    expect(await signInByPin(added)).toBe(BOB.id);
    expect(await signInByPin(BOB.pin)).toBe(BOB.id);
    const only = await newPin(BOB.id, true);
    expect(await signInByPin(only)).toBe(BOB.id);
    expect(await signInByPin(BOB.pin)).toBe("invalid_grant");
    expect(await signInByPin(added)).toBe("invalid_grant");
    expect(server.services.pins.count(BOB.id)).toBe(1);
  });
});

describe("PIN uniqueness under 40 parallel requests", () => {
  // 4-digit PINs with 8000 of the 10000 already held by other users: most draws collide, so the
  // taken-PIN path runs all the time, as it would on a big server.
  beforeAll(() => {
    const [holder] = addUsers(1, "holder");
    server.services.db.transaction(() => {
      for (let n = 0; n < 8000; n++) {
        const pin = String(n).padStart(4, "0");
        // An earlier test may have given one of them to carol already.
        if (!server.services.users.byPin(pin)) server.services.pins.add(holder!, pin);
      }
    })();
  });

  it("gives one user 40 different PINs, none held by anyone else", async () => {
    setSelfService({ pinChange: { allowed: true, length: 4 } });
    const [user] = addUsers(1, "one");
    const pins = await Promise.all(Array.from({ length: 40 }, () => newPin(user!)));
    expect(new Set(pins).size).toBe(40);
    for (const pin of pins) expect(Number(pin)).toBeGreaterThanOrEqual(8000);
    for (const pin of pins) expect(server.services.users.byPin(pin)?.id).toBe(user);
    expect(server.services.pins.count(user!)).toBe(40);
  });

  it("never gives two of 40 users (asking at once) the same PIN", async () => {
    setSelfService({ pinChange: { allowed: true, length: 4 } });
    const users = addUsers(40, "many");
    const pins = await Promise.all(users.map((id) => newPin(id, true)));
    expect(new Set(pins).size).toBe(40);
    pins.forEach((pin, i) => expect(server.services.users.byPin(pin)?.id).toBe(users[i]));
  });

  it("leaves exactly one PIN when one user asks 40 times at once with deleteOld", async () => {
    setSelfService({ pinChange: { allowed: true, length: 4 } });
    const [user] = addUsers(1, "retry");
    const pins = await Promise.all(Array.from({ length: 40 }, () => newPin(user!, true)));
    expect(server.services.pins.count(user!)).toBe(1);
    // The one left is one of those answered. A PIN that a later request
    // retired goes back to the pool, so two answers can name the same PIN
    // (about one run in fifty with 2,000 free 4-digit PINs): count PINs, not answers.
    const working = new Set(pins.filter((pin) => server.services.users.byPin(pin)?.id === user));
    expect(working.size).toBe(1);
  });
});

describe("secrets", () => {
  // Last: reads what the requests above wrote.
  it("never writes a PIN to the log", () => {
    expect(issued.length).toBeGreaterThan(100);
    const texts = logTexts(server.logs);
    expect(texts.length).toBeGreaterThan(100);
    for (const pin of [...issued, BOB.pin]) expect(texts.filter((t) => t.includes(pin))).toEqual([]);
  });
});
