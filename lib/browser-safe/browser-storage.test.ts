import { afterEach, describe, expect, it, vi } from "vitest";
import { browserStorage } from "./browser-storage";

afterEach(() => vi.unstubAllGlobals());

describe("browserStorage", () => {
  it("answers the storage when the browser allows it", () => {
    const storage = { getItem: () => null } as unknown as Storage;
    vi.stubGlobal("window", { sessionStorage: storage });
    expect(browserStorage("sessionStorage")).toBe(storage);
  });

  it("answers undefined where merely reading it throws (a cross-site frame with storage blocked)", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
    expect(browserStorage("sessionStorage")).toBeUndefined();
  });
});
