import { randomPin } from "../auth/new-pin.js";
import { lookupHash, normalizePin } from "../secrets.js";
import { nowSeconds, type Db } from "./open-database.js";

/** Tries before giving up on finding a free PIN (only a nearly full 4-digit space gets near it). */
const ATTEMPTS = 100;

/**
 * Users' PINs, kept as keyed hashes (`user_pins`). The hash is the primary
 * key, so two users can never hold the same PIN: a new PIN is written with
 * INSERT OR IGNORE in one transaction and a taken one is simply drawn again.
 */
export function userPinsRepository(db: Db, lookupKey: Buffer) {
  const insert = db.prepare("INSERT OR IGNORE INTO user_pins (pin_hash, user_id, created_at) VALUES (?, ?, ?)");
  const insertKnown = db.prepare("INSERT INTO user_pins (pin_hash, user_id, created_at) VALUES (?, ?, ?)");
  const countOf = db.prepare("SELECT count(*) FROM user_pins WHERE user_id = ?").pluck();
  const deleteOthers = db.prepare("DELETE FROM user_pins WHERE user_id = ? AND pin_hash <> ?");
  const hash = (pin: string) => lookupHash(lookupKey, normalizePin(pin));

  const issue = db.transaction((userId: number, length: number, deleteOld: boolean): string => {
    for (let i = 0; i < ATTEMPTS; i++) {
      const pin = randomPin(length);
      const pinHash = hash(pin);
      if (insert.run(pinHash, userId, nowSeconds()).changes === 0) continue;
      if (deleteOld) deleteOthers.run(userId, pinHash);
      return pin;
    }
    throw new Error(`No free PIN of ${length} digits after ${ATTEMPTS} tries.`);
  });

  return {
    /** A new PIN for the user, unique across users; with `deleteOld` the user's other PINs stop working. */
    issue: (userId: number, options: { length: number; deleteOld: boolean }): string =>
      issue(userId, options.length, options.deleteOld),
    /** Gives the user a known PIN (seeds); throws when another user holds it. */
    add: (userId: number, pin: string, at = nowSeconds()): void => {
      insertKnown.run(hash(pin), userId, at);
    },
    /** How many PINs the user holds. */
    count: (userId: number): number => Number(countOf.get(userId)),
  };
}

export type UserPinsRepository = ReturnType<typeof userPinsRepository>;
