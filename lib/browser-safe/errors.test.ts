import { describe, expect, it, vi } from "vitest";
import { PortalError, toPortalError } from "./errors";

describe("PortalError", () => {
  it("is recognised when another bundle's copy of the module made it (objects shared on globalThis)", async () => {
    vi.resetModules();
    const otherCopy = await import("./errors");
    expect(otherCopy.PortalError).not.toBe(PortalError);
    const thrownElsewhere = new otherCopy.PortalError("unavailable", { reason: "state store unreachable" });
    expect(thrownElsewhere instanceof PortalError).toBe(true);
    expect(toPortalError(thrownElsewhere).code).toBe("unavailable");
  });

  it("is not any error that only carries the name", () => {
    const lookalike = Object.assign(new Error("unavailable"), { name: "PortalError", code: "unavailable" });
    expect(lookalike instanceof PortalError).toBe(false);
    expect(toPortalError(lookalike).code).toBe("internal");
  });
});
