// Where form drafts (form-drafts.ts) are kept: one entry of the tab's session
// storage per page, and whose they are (a tag of the person, never their
// name). Only what every page loads: whose the drafts are, and whether there
// is a draft to put back (components/session/form-drafts.tsx). Reading,
// writing and forgetting them is draft-entries.ts, loaded with the keeper or
// on the sign-in page after signing out.

export type Draft = Record<string, string>;

export const draftPrefix = "portal-draft:";

export const draftKey = (path: string) => `${draftPrefix}${path}`;

/** The storage entry naming the person the tab's drafts belong to. */
export const draftOwnerKey = "portal-draft-owner";

/**
 * Makes the tab's drafts `owner`'s: drafts another person left in this tab
 * (their session ended, and someone else signed in) are forgotten first.
 */
export function claimDrafts(storage: Storage, owner: string): void {
  try {
    if (storage.getItem(draftOwnerKey) === owner) return;
    for (let i = storage.length - 1; i >= 0; i -= 1) {
      const key = storage.key(i);
      if (key?.startsWith(draftPrefix)) storage.removeItem(key);
    }
    storage.setItem(draftOwnerKey, owner);
  } catch {
    // Storage blocked: there are no drafts either.
  }
}

/** Whether `path` has a draft to put back. */
export function hasDraft(storage: Storage, path: string): boolean {
  try {
    const value = storage.getItem(draftKey(path));
    return value !== null && value !== "{}";
  } catch {
    return false;
  }
}
