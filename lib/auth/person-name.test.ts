import { describe, expect, it } from "vitest";
import { nameHash, normaliseName, sameName } from "./person-name";

const secret = "a test secret of at least thirty-two characters";

describe("a name typed at sign-in", () => {
  it("compares without regard to spaces around it, letter case or Unicode form", () => {
    expect(sameName(" Alice ", "alice")).toBe(true);
    expect(sameName("ＡＬＩＣＥ", "alice")).toBe(true);
    expect(sameName("alice", "alicia")).toBe(false);
    expect(normaliseName("  Bob ")).toBe("bob");
  });

  it("hashes with the portal's key: the same person the same, never the name itself", () => {
    expect(nameHash("Alice", secret)).toBe(nameHash(" alice", secret));
    expect(nameHash("alice", secret)).toMatch(/^[0-9a-f]{32}$/);
    expect(nameHash("alice", secret)).not.toBe(nameHash("bob", secret));
    expect(nameHash("alice", secret)).not.toBe(nameHash("alice", "another secret of at least thirty-two chars"));
  });
});
