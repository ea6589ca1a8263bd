"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useFormatLocale } from "@/hooks/use-format-locale";
import type { InitialRead } from "@/hooks/use-account";
import { useDeleteFile, useFiles, type FileFolder, type FileList } from "@/hooks/use-files";
import { useUploads } from "@/hooks/use-uploads";
import { Alert } from "@/components/ui/alert";
import { FirstReadState } from "@/components/ui/first-read-state";
import { formatSize } from "./file-facts";
import { ScanList, ToPrintList } from "./file-lists";
import { UploadPanel } from "./upload-panel";

/** The names of scans that arrived since the page last looked (none on its first look). */
function useNewScans(data: FileList | undefined): string[] {
  const known = useRef<Set<string> | undefined>(undefined);
  const [latest, setLatest] = useState<string[]>([]);
  useEffect(() => {
    if (!data) return;
    const names = new Set(data.scans.map((scan) => scan.name));
    // Every scan of this read that the last one lacked: several may land between two reads.
    const arrived = known.current ? data.scans.filter((scan) => !known.current?.has(scan.name)) : [];
    known.current = names;
    if (arrived.length > 0) setLatest(arrived.map((scan) => scan.name));
  }, [data]);
  return latest;
}

/** The Files page's body: upload, my files, my scans. */
export function FilesView({ initial }: { initial?: InitialRead<FileList> }) {
  const t = useTranslations("files");
  const sentence = useErrorSentence();
  const locale = useFormatLocale();
  const files = useFiles(initial);
  const { uploads, start, cancel, dismiss } = useUploads();
  const deletion = useDeleteFile();
  const [said, setSaid] = useState("");
  const newScans = useNewScans(files.data);

  const remove = (folder: FileFolder) => (name: string) => {
    if (deletion.isPending) return;
    deletion.mutate(
      { folder, name },
      {
        onSuccess: () => setSaid(t("deleted", { name })),
        onError: (error) => setSaid(sentence(error)),
      },
    );
  };
  const deleting = deletion.isPending ? deletion.variables?.name : undefined;

  if (!files.data) {
    return (
      <FirstReadState
        failed={files.isError}
        failure={sentence(files.error, t("loadFailed"))}
        loading={t("loading")}
        retry={t("retry")}
        onRetry={() => void files.refetch()}
      />
    );
  }

  const { usage, limits, toPrint, scans } = files.data;
  const full = usage.files >= limits.quotaFiles || usage.bytes >= limits.quotaBytes;
  return (
    <div className="flex flex-col gap-8">
      <UploadPanel
        uploads={uploads}
        maxSize={formatSize(limits.maxFileBytes, locale)}
        onFiles={start}
        onCancel={cancel}
        onDismiss={dismiss}
      />
      <div className="flex flex-col gap-2">
        <p>
          {t("quota", {
            files: usage.files,
            quotaFiles: limits.quotaFiles,
            used: formatSize(usage.bytes, locale),
            quotaSize: formatSize(limits.quotaBytes, locale),
          })}{" "}
          {t("retention", { hours: limits.retentionHours })}
        </p>
        {full ? <Alert tone="info">{t("quotaFull")}</Alert> : null}
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
      <ToPrintList files={toPrint} locale={locale} onDelete={remove("to-print")} deleting={deleting} />
      <div role="status" aria-live="polite">
        {newScans.length > 0 ? (
          <p className="rounded-lg bg-info-bg p-3 text-info-text">
            {t("newScan", { count: newScans.length, names: newScans.join(", ") })}
          </p>
        ) : null}
      </div>
      <ScanList files={scans} locale={locale} onDelete={remove("scans")} deleting={deleting} />
    </div>
  );
}
