// Reading, writing and forgetting form drafts (draft-storage.ts says where
// they are kept): apart, so that the parts every page loads do not carry them.

import { draftKey, draftOwnerKey, draftPrefix, type Draft } from "./draft-storage";

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
    if (key?.startsWith(draftPrefix)) storage.removeItem(key);
  }
  storage.removeItem(draftOwnerKey);
}
