"use client";

import { useEffect, useState } from "react";
import { nextDayStart } from "@/lib/browser-safe/time-format";

/**
 * The current time: every second while `ticking` (for elapsed times), else
 * renewed as the reader's day turns, so a page left open says "yesterday"
 * for what it said "today". A laptop's sleep holds timers back: the day is
 * checked again when the tab comes back to the front.
 */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const dayTurn = nextDayStart(now);
    const renew = () => setNow(Date.now());
    const timer = setTimeout(renew, ticking ? 1000 : dayTurn - now);
    const onShow = () => {
      if (Date.now() >= dayTurn) renew();
    };
    document.addEventListener("visibilitychange", onShow);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onShow);
    };
  }, [ticking, now]);
  return now;
}
