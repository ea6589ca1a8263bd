"use client";

import { useEffect } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import { clearAllDrafts } from "@/lib/browser-safe/draft-entries";

/**
 * On the sign-in page after signing out on purpose (a shared computer):
 * nothing typed in this tab stays behind for whoever signs in next. Here
 * rather than in the user menu, so that pages do not carry it.
 */
export function ForgetDrafts() {
  useEffect(() => {
    const drafts = browserStorage("sessionStorage");
    if (drafts) clearAllDrafts(drafts);
  }, []);
  return null;
}
