import { randomInt } from "node:crypto";

/** The PIN lengths a server may be set to (MyQ: 4 to 16 digits). */
export const PIN_LENGTH = { min: 4, max: 16, default: 6 } as const;

/**
 * True when every digit follows the one before by the same step, counted
 * round the dial (mod 10): 1111, 1234, 9876, 2468, 7890. Such PINs are the
 * first anyone guesses, so they are never given.
 */
export function isSteppingPin(pin: string): boolean {
  if (pin.length < 2) return true;
  const digits = [...pin].map(Number);
  const step = ((digits[1] ?? 0) - (digits[0] ?? 0) + 10) % 10;
  return digits.every((d, i) => i === 0 || (d - (digits[i - 1] ?? 0) + 10) % 10 === step);
}

/** A random PIN of `length` digits from the system's CSPRNG, never a stepping one. */
export function randomPin(length: number): string {
  if (!Number.isInteger(length) || length < PIN_LENGTH.min || length > PIN_LENGTH.max) {
    throw new Error(`A PIN has ${PIN_LENGTH.min} to ${PIN_LENGTH.max} digits.`);
  }
  for (;;) {
    const pin = Array.from({ length }, () => String(randomInt(10))).join("");
    if (!isSteppingPin(pin)) return pin;
  }
}
