"use client";

import { useEffect, useRef, useState } from "react";
import type { statesResponse } from "@/app/api/jobs/states/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { readJson } from "@/lib/browser-safe/fetch-json";

// Apart from the Jobs page's other data (use-jobs.ts): only the release
// progress needs it, which loads when a release starts (issue 14: the page's first load).

type JobStates = Answer<typeof statesResponse>["jobs"];

/**
 * How released jobs are doing, asked every second while any is printing.
 * When the last one is done `done` is called (the board reads the lists and
 * the money again, so "available to print" falls without a reload).
 */
export function useJobProgress(jobIds: number[], done: () => void): JobStates | undefined {
  const [states, setStates] = useState<JobStates>();
  const doneRef = useRef(done);
  useEffect(() => {
    doneRef.current = done;
  }, [done]);
  const ids = jobIds.join(",");
  useEffect(() => {
    if (!ids) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let printing = true;
      try {
        const answer = await readJson<Answer<typeof statesResponse>>(`/api/jobs/states?ids=${ids}`);
        if (stopped) return;
        setStates(answer.jobs);
        printing = answer.jobs.some((job) => job.state === "processing");
        if (!printing) doneRef.current();
      } catch {
        // Asked again below; the rows keep saying "Printing...".
      }
      if (!stopped && printing) timer = setTimeout(ask, 1000);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ids]);
  return states;
}
