"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import {
  draftFieldName,
  fieldValue,
  readDraft,
  restoreField,
  writeDraft,
  type Draft,
} from "@/lib/browser-safe/form-drafts";
import { onActionOutcome } from "@/lib/browser-safe/action-outcome";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/**
 * Keeps what is typed or chosen in the page's forms (inside main) in the
 * tab's session storage, and puts it back when the page is shown again, for
 * example after the session ended and the person signed in again. Fields
 * that appear later (lists loaded after the page) are filled when they
 * appear. A submitted form's fields are forgotten: the work is done, unless
 * the session turns out to be over (action-outcome.ts), when they are
 * kept again for after signing in.
 */
export function FormDrafts() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const path = `${pathname}${search ? `?${search}` : ""}`;

  useEffect(() => {
    const main = document.getElementById("main");
    const sessionStorage = browserStorage("sessionStorage");
    if (!main || !sessionStorage) return undefined;
    const storage: Storage = sessionStorage;
    const pending = readDraft(storage, path);

    // A list that renders twice (loading, then loaded) may replace a field
    // after it was filled: each new element is filled once, until the person
    // changes the field themselves.
    const filled = new WeakSet<Element>();
    let restoring = false;
    function restoreWhatIsThere() {
      if (Object.keys(pending).length === 0) return observer.disconnect();
      for (const field of main?.querySelectorAll("input, select, textarea") ?? []) {
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
    const stopListening = onActionOutcome((outcome) => {
      if (outcome === "session_ended") writeDraft(storage, path, { ...sent, ...readDraft(storage, path) });
      sent = {};
    });
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
  }, [path]);

  return null;
}
