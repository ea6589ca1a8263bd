import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "./client-address";
import { pinAloneAllowed } from "./pin-alone";

describe("pinAloneAllowed", () => {
  const networks = parseTrustedProxies("127.0.0.0/8, ::1 10.0.0.0/8");

  it("offers PIN alone inside the listed networks only", () => {
    expect(pinAloneAllowed("127.0.0.1", networks)).toBe(true);
    expect(pinAloneAllowed("::1", networks)).toBe(true);
    expect(pinAloneAllowed("10.200.3.4", networks)).toBe(true);
    expect(pinAloneAllowed("198.51.100.7", networks)).toBe(false);
    expect(pinAloneAllowed("2001:db8::1", networks)).toBe(false);
  });

  it("refuses it when the address is unknown or the list empty", () => {
    expect(pinAloneAllowed(undefined, networks)).toBe(false);
    expect(pinAloneAllowed("not an address", networks)).toBe(false);
    expect(pinAloneAllowed("127.0.0.1", parseTrustedProxies(""))).toBe(false);
  });
});
