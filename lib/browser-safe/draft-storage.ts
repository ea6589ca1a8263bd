// Where form drafts (form-drafts.ts) are kept: one entry of the tab's session
// storage per page. Only what every page loads: whether there is a draft to
// put back (components/session/form-drafts.tsx). Reading, writing and
// forgetting them is draft-entries.ts, loaded with the keeper or on the
// sign-in page after signing out.

export type Draft = Record<string, string>;

export const draftPrefix = "portal-draft:";

export const draftKey = (path: string) => `${draftPrefix}${path}`;

/** Whether `path` has a draft to put back. */
export function hasDraft(storage: Storage, path: string): boolean {
  try {
    const value = storage.getItem(draftKey(path));
    return value !== null && value !== "{}";
  } catch {
    return false;
  }
}
