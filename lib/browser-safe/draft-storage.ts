// Where form drafts (form-drafts.ts) are kept: one entry of the tab's session
// storage per page. Apart from the field rules, so that the parts every page
// loads (the user menu's sign-out, the layout's check for a draft to put
// back) do not carry them.

export type Draft = Record<string, string>;

const prefix = "portal-draft:";

const draftKey = (path: string) => `${prefix}${path}`;

/** Whether `path` has a draft to put back. */
export function hasDraft(storage: Storage, path: string): boolean {
  try {
    const value = storage.getItem(draftKey(path));
    return value !== null && value !== "{}";
  } catch {
    return false;
  }
}

export function readDraft(storage: Storage, path: string): Draft {
  try {
    const value: unknown = JSON.parse(storage.getItem(draftKey(path)) ?? "{}");
    return value && typeof value === "object" ? (value as Draft) : {};
  } catch {
    return {};
  }
}

export function writeDraft(storage: Storage, path: string, draft: Draft): void {
  try {
    if (Object.keys(draft).length === 0) storage.removeItem(draftKey(path));
    else storage.setItem(draftKey(path), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): drafts are a comfort, not a promise.
  }
}

export function clearAllDrafts(storage: Storage): void {
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) storage.removeItem(key);
  }
}
