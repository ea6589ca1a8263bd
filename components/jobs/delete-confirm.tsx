"use client";

import { useTranslations } from "next-intl";
import type { JobView } from "@/app/api/jobs/schema";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * "Delete N jobs?" with their names. Loaded with the board's other
 * questions (board-parts.ts), not in the Jobs page's first load.
 */
export function DeleteConfirm({
  jobs,
  busy,
  onConfirm,
  onCancel,
  focusAfter,
}: {
  /** The jobs asked about; null while no deletion is asked (the dialog stays, closed, to give focus back). */
  jobs: JobView[] | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  focusAfter: string;
}) {
  const t = useTranslations("jobs");
  return (
    <ConfirmDialog
      open={jobs !== null}
      title={jobs ? t("deleteConfirmTitle", { count: jobs.length }) : ""}
      confirmLabel={t("confirmDelete")}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      focusAfter={focusAfter}
    >
      <p>{t("deleteConfirmText")}</p>
      <ul className="list-disc pl-6">
        {jobs?.map((job) => (
          <li key={job.id}>{job.name}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
