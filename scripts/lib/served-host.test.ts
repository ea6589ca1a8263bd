import { describe, expect, it } from "vitest";
import { servedHostCheck } from "./served-host.mjs";

describe("servedHostCheck", () => {
  const served = servedHostCheck("https://print.example.com");

  it("serves the host PORTAL_URL names, with or without its default port, in any case", () => {
    expect(served({ host: "print.example.com" })).toBe(true);
    expect(served({ host: "PRINT.example.com:443" })).toBe(true);
    expect(served({ host: "print.example.com", "x-forwarded-host": "print.example.com" })).toBe(true);
  });

  it("refuses another host, port, a forged X-Forwarded-Host, a missing or malformed Host", () => {
    expect(served({ host: "evil.example.net" })).toBe(false);
    expect(served({ host: "print.example.com.evil.example.net" })).toBe(false);
    expect(served({ host: "print.example.com:8443" })).toBe(false);
    expect(served({ host: "print.example.com", "x-forwarded-host": "evil.example.net" })).toBe(false);
    expect(served({ host: "print.example.com", "x-forwarded-host": "print.example.com, evil.example.net" })).toBe(
      false,
    );
    expect(served({ host: "print.example.com", "x-forwarded-host": ["print.example.com", "evil.example.net"] })).toBe(
      false,
    );
    expect(served({})).toBe(false);
    expect(served({ host: "user@print.example.com" })).toBe(false);
    expect(served({ host: "print.example.com/evil" })).toBe(false);
  });

  it("on a loopback PORTAL_URL takes every loopback name with the same port, and nothing else", () => {
    const local = servedHostCheck("http://localhost:3000");
    expect(local({ host: "localhost:3000" })).toBe(true);
    expect(local({ host: "127.0.0.1:3000" })).toBe(true);
    expect(local({ host: "[::1]:3000" })).toBe(true);
    expect(local({ host: "localhost:3001" })).toBe(false);
    expect(local({ host: "localhost" })).toBe(false);
    // A rebinding page's own name that resolves to this machine.
    expect(local({ host: "attacker.example.net:3000" })).toBe(false);
  });
});
