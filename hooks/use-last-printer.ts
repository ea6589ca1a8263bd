"use client";

import { useCallback, useSyncExternalStore } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";

// The printer this browser released at last: offered first next time
// (ui.md: "the last printer used first"). Kept in this browser only.

const storageKey = "print-portal.last-printer";
const changed = "print-portal:last-printer";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(changed, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(changed, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function read(): number | null {
  const saved = Number(browserStorage("localStorage")?.getItem(storageKey));
  return Number.isInteger(saved) && saved > 0 ? saved : null;
}

export function useLastPrinter(): [number | null, (printerId: number) => void] {
  const last = useSyncExternalStore(subscribe, read, () => null);
  const remember = useCallback((printerId: number) => {
    try {
      browserStorage("localStorage")?.setItem(storageKey, String(printerId));
    } catch {
      // Storage full: the printer is simply not offered first next time.
    }
    window.dispatchEvent(new Event(changed));
  }, []);
  return [last, remember];
}
