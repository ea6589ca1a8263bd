import { describe, expect, it } from "vitest";
import { hostCookieName } from "./host-cookie";

describe("hostCookieName", () => {
  it("prefixes __Host- on an https:// portal, not on http://localhost", () => {
    expect(hostCookieName("portal-sign-on", "https://print.example.com")).toBe("__Host-portal-sign-on");
    expect(hostCookieName("portal-sign-on", "https://localhost:8443")).toBe("__Host-portal-sign-on");
    expect(hostCookieName("portal-sign-on", "http://localhost:3000")).toBe("portal-sign-on");
  });
});
