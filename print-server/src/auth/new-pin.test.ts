import { describe, expect, it } from "vitest";
import { isSteppingPin, randomPin } from "./new-pin.js";

describe("new PINs", () => {
  it("knows stepping PINs, forwards, backwards, repeated and round the dial", () => {
    for (const pin of ["1111", "1234", "9876", "2468", "13579", "7890", "0000000000000000", "3210987"]) {
      expect(isSteppingPin(pin), pin).toBe(true);
    }
    for (const pin of ["1112", "1243", "112358", "314159", "0101", "98765430"]) {
      expect(isSteppingPin(pin), pin).toBe(false);
    }
  });

  it("gives PINs of the asked length, digits only, never stepping, and refuses a length outside 4-16", () => {
    for (const length of [4, 6, 16]) {
      for (let i = 0; i < 200; i++) {
        const pin = randomPin(length);
        expect(pin).toMatch(new RegExp(`^\\d{${length}}$`));
        expect(isSteppingPin(pin)).toBe(false);
      }
    }
    for (const length of [3, 17, 5.5]) expect(() => randomPin(length)).toThrow(/4 to 16/);
  });
});
