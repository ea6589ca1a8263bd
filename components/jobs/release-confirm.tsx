"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { JobView } from "@/app/api/jobs/schema";
import {
  changedOptions,
  choiceAsSent,
  releaseCost,
  type ReleaseOptions,
} from "@/lib/browser-safe/jobs/release-options";
import { ConfirmDialog } from "./confirm-dialog";
import { ReleaseOptionsFields } from "./release-options-fields";

interface ReleaseConfirmProps {
  /** The jobs asked about; null while no release is asked (the dialog stays, closed, to give focus back). */
  jobs: JobView[] | null;
  printerName: string;
  /** Formats an amount in the server's currency; undefined when it is not known yet. */
  money: ((amount: number) => string) | undefined;
  busy: boolean;
  onConfirm: (options: ReleaseOptions) => void;
  onCancel: () => void;
  /** Has the focus after a release whose selection's bar is gone (confirm-dialog.tsx). */
  focusAfter: string;
}

/**
 * "Release N jobs at <printer>?" with the print options (copies, sides,
 * black and white) and what it will cost. Its own module, loaded with the
 * first question, so the Jobs page's first load carries neither the options'
 * rules nor their form.
 */
export function ReleaseConfirm({
  jobs,
  printerName,
  money,
  busy,
  onConfirm,
  onCancel,
  focusAfter,
}: ReleaseConfirmProps) {
  const t = useTranslations("jobs");
  const asSent = choiceAsSent(jobs ?? []);
  // The form starts as the jobs were sent, for each new question.
  const [askedFor, setAskedFor] = useState(jobs);
  const [choice, setChoice] = useState(asSent);
  if (askedFor !== jobs) {
    setAskedFor(jobs);
    setChoice(asSent);
  }
  // What the person changed; null while the copies are not valid.
  const options = changedOptions(choice, asSent);
  const cost = jobs ? releaseCost(jobs, options ?? {}) : null;
  return (
    <ConfirmDialog
      open={jobs !== null}
      title={jobs ? t("releaseConfirmTitle", { count: jobs.length, printer: printerName }) : ""}
      confirmLabel={t("confirmRelease")}
      busy={busy}
      invalid={options === null}
      fields={jobs ? <ReleaseOptionsFields value={choice} asSent={asSent} onChange={setChoice} /> : null}
      onConfirm={() => {
        if (options) onConfirm(options);
      }}
      onCancel={onCancel}
      focusAfter={focusAfter}
    >
      {cost?.total != null && money ? (
        <p aria-live="polite">
          {cost.exact
            ? t("releaseConfirmText", { total: money(cost.total) })
            : t("releaseCostChanges", { total: money(cost.total) })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
