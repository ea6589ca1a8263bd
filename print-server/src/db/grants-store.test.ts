import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { grantsStore } from "./grants-store.js";
import { openDatabase, type Db } from "./open-database.js";

let db: Db;
let store: ReturnType<typeof grantsStore>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-21T10:00:00Z"));
  ({ db } = openDatabase(":memory:"));
  db.prepare("INSERT INTO users (id, username, fullname, created_at) VALUES (1, 'alice', 'Alice', 0)").run();
  db.prepare(
    "INSERT INTO clients (id, secret_hash, title, scopes, created_at) VALUES ('c1', 'x', 'One', 'users', 0), ('c2', 'x', 'Two', 'users', 0)",
  ).run();
  store = grantsStore(db, 3600);
});

afterEach(() => {
  db.close();
  vi.useRealTimers();
});

describe("authorization codes", () => {
  it("are valid for 60 seconds", () => {
    const code = store.createCode("c1", 1, "users", "https://a.example/cb");
    vi.setSystemTime(new Date("2026-11-21T10:01:01Z"));
    expect(store.redeemCode(code, "c1", "https://a.example/cb")).toBeNull();
  });

  it("are single use, even when the first attempt had the wrong redirect_uri", () => {
    const code = store.createCode("c1", 1, "users", "https://a.example/cb");
    expect(store.redeemCode(code, "c1", "https://a.example/other")).toBeNull();
    expect(store.redeemCode(code, "c1", "https://a.example/cb")).toBeNull();
    const fresh = store.createCode("c1", 1, "users", "https://a.example/cb");
    expect(store.redeemCode(fresh, "c1", "https://a.example/cb")).toEqual({ userId: 1, scope: "users" });
  });
});

describe("refresh tokens", () => {
  it("expire after the refresh lifetime, renewed by each rotation", () => {
    const first = store.startChain("c1", 1, "users");
    vi.setSystemTime(new Date("2026-11-21T10:59:00Z"));
    const second = store.rotate(first, "c1");
    expect(second.ok).toBe(true);
    vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
    expect(store.rotate(second.ok ? second.token : "", "c1")).toEqual({ ok: false, reason: "expired" });
  });

  it("revoke the chain on reuse, and refuse another client", () => {
    const first = store.startChain("c1", 1, "users");
    expect(store.rotate(first, "c2")).toEqual({ ok: false, reason: "wrong_client" });
    const second = store.rotate(first, "c1");
    expect(store.rotate(first, "c1")).toEqual({ ok: false, reason: "reused" });
    expect(store.rotate(second.ok ? second.token : "", "c1")).toEqual({ ok: false, reason: "revoked" });
  });
});
