import { describe, expect, it } from "vitest";
import { clearAllDrafts } from "./draft-entries";
import { claimDrafts, draftKey, hasDraft } from "./draft-storage";

/** A Storage over a Map, as the tab's session storage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe("drafts per person", () => {
  it("keeps a person's drafts for them, and forgets them when another person's page claims the tab", () => {
    const storage = memoryStorage();
    storage.setItem("print-portal.recent-reports.x", "[]");
    claimDrafts(storage, "alice-tag");
    storage.setItem(draftKey("/credit"), JSON.stringify({ code: "VOUCHER-10" }));

    // Alice again (her session ended, she signed in again): her draft is there.
    claimDrafts(storage, "alice-tag");
    expect(hasDraft(storage, "/credit")).toBe(true);

    // Bob in the same tab: nothing of hers, and the tab's other entries untouched.
    claimDrafts(storage, "bob-tag");
    expect(hasDraft(storage, "/credit")).toBe(false);
    expect(storage.getItem("print-portal.recent-reports.x")).toBe("[]");
  });

  it("forgets every draft and whose they were at sign-out", () => {
    const storage = memoryStorage();
    claimDrafts(storage, "alice-tag");
    storage.setItem(draftKey("/profile"), JSON.stringify({ email: "alice@example.com" }));
    clearAllDrafts(storage);
    expect(storage.length).toBe(0);
  });
});
