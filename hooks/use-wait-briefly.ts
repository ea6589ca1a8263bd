"use client";

import { useEffect, useState } from "react";

/**
 * Whether to stop waiting for something that makes a view whole but is not
 * needed to show it: true once `ready`, or `ms` after the component mounted
 * without it. The Jobs lists wait so for the currency of their costs: rows
 * shown before it reflowed when it came (on a phone the cost takes room from
 * the job's facts, which then wrap), a layout shift under a finger.
 */
export function useWaitBriefly(ready: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [ready, ms]);
  return ready || late;
}
