import { readDraft, writeDraft } from "@/lib/browser-safe/draft-entries";
import type { Draft } from "@/lib/browser-safe/draft-storage";
import { draftFieldName, fieldValue, restoreField } from "@/lib/browser-safe/form-drafts";
import { onActionOutcome, type ActionOutcome } from "@/lib/browser-safe/action-outcome";

// The work of form-drafts.tsx, loaded once a page has a draft to put back or
// the person starts on a form: what happened before it arrived is handed in
// (`earlier`) and dealt with first.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** What reached the page before the keeper did: form events in main, and action outcomes. */
export type EarlierEvent = { kind: "form"; event: Event } | { kind: "outcome"; outcome: ActionOutcome };

/**
 * Keeps what is typed or chosen in `main`'s forms under `path` in `storage`,
 * and puts a kept draft back, into fields that appear later too (lists
 * loaded after the page). A submitted form's fields are forgotten: the work
 * is done, unless the session turns out to be over (action-outcome.ts), when
 * they are kept again for after signing in. Answers the function that stops it.
 */
export function keepDrafts(main: HTMLElement, storage: Storage, path: string, earlier: EarlierEvent[]): () => void {
  const pending = readDraft(storage, path);

  // A list that renders twice (loading, then loaded) may replace a field
  // after it was filled: each new element is filled once, until the person
  // changes the field themselves.
  const filled = new WeakSet<Element>();
  let restoring = false;
  function restoreWhatIsThere() {
    if (Object.keys(pending).length === 0) return observer.disconnect();
    for (const field of main.querySelectorAll("input, select, textarea")) {
      if (!isField(field) || filled.has(field)) continue;
      const name = draftFieldName(field);
      if (name === undefined || !(name in pending)) continue;
      filled.add(field);
      restoring = true;
      restoreField(field, pending[name] ?? "");
      restoring = false;
    }
  }
  const observer = new MutationObserver(restoreWhatIsThere);
  observer.observe(main, { childList: true, subtree: true });
  // Give up on fields that never come back (the list changed).
  const stop = setTimeout(() => observer.disconnect(), 15_000);
  restoreWhatIsThere();

  function remember(event: Event) {
    if (!isField(event.target)) return;
    const name = draftFieldName(event.target);
    if (!name) return;
    if (!restoring) delete pending[name];
    writeDraft(storage, path, { ...readDraft(storage, path), [name]: fieldValue(event.target) });
  }
  // What the last submit forgot, until its answer says the session was over.
  let sent: Draft = {};
  function forget(event: Event) {
    if (!(event.target instanceof HTMLFormElement)) return;
    const draft = readDraft(storage, path);
    sent = {};
    for (const element of event.target.elements) {
      if (isField(element)) {
        const name = draftFieldName(element);
        if (name && name in draft) sent[name] = draft[name] ?? "";
        if (name) delete draft[name];
      }
    }
    writeDraft(storage, path, draft);
  }
  function settle(outcome: ActionOutcome) {
    if (outcome === "session_ended") writeDraft(storage, path, { ...sent, ...readDraft(storage, path) });
    sent = {};
  }

  for (const item of earlier) {
    if (item.kind === "outcome") settle(item.outcome);
    else if (item.event.type === "submit") forget(item.event);
    else if (item.event.type === "input" || item.event.type === "change") remember(item.event);
  }
  const stopListening = onActionOutcome(settle);
  main.addEventListener("input", remember);
  main.addEventListener("change", remember);
  main.addEventListener("submit", forget);
  return () => {
    clearTimeout(stop);
    stopListening();
    observer.disconnect();
    main.removeEventListener("input", remember);
    main.removeEventListener("change", remember);
    main.removeEventListener("submit", forget);
  };
}
