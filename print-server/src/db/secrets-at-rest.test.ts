import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../secrets.js";
import { openDatabase, type Db } from "./open-database.js";
import { userPinsRepository } from "./user-pins.js";
import { usersRepository } from "./users.js";

let db: Db;
const key = randomBytes(32);

beforeEach(() => {
  ({ db } = openDatabase(":memory:"));
});

afterEach(() => db.close());

const addUser = (id: number, pin: string) => {
  db.prepare("INSERT INTO users (id, username, fullname, created_at) VALUES (?, ?, ?, 0)").run(
    id,
    `user${id}`,
    `User ${id}`,
  );
  userPinsRepository(db, key).add(id, pin);
};

describe("secrets at rest", () => {
  it("keeps PINs unique, so a PIN names exactly one user", () => {
    addUser(1, "424242");
    expect(() => addUser(2, "424242")).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(usersRepository(db, key).byPin("424242")?.id).toBe(1);
    // The same PIN under another server's lookup key finds nobody: the key, kept outside the database, is needed.
    expect(usersRepository(db, randomBytes(32)).byPin("424242")).toBeUndefined();
  });

  it("hashes passwords with salted scrypt: two hashes of one password differ, and both verify", async () => {
    const [a, b] = await Promise.all([hashPassword("wonderland"), hashPassword("wonderland")]);
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("wonderland");
    expect(await verifyPassword("wonderland", a)).toBe(true);
    expect(await verifyPassword("wonderland", b)).toBe(true);
    expect(await verifyPassword("Wonderland", a)).toBe(false);
    expect(await verifyPassword("wonderland", null)).toBe(false);
  });
});
