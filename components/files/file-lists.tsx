"use client";

import { useId, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { filePath, useFilePreview, type FileList } from "@/hooks/use-files";
import { Button, buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { formatMoment, formatSize } from "./file-facts";

type FileView = FileList["toPrint"][number];

interface ListProps {
  files: FileView[];
  locale: string;
  onDelete: (name: string) => void;
  deleting: string | undefined;
}

/** A titled list of files, or a sentence when there are none. */
function FileSection({
  heading,
  intro,
  empty,
  files,
  row,
}: {
  heading: string;
  intro?: string;
  empty: string;
  files: FileView[];
  row: (file: FileView) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {heading}
      </h2>
      {intro ? <p className="font-medium">{intro}</p> : null}
      {files.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">{files.map(row)}</ul>
      )}
    </section>
  );
}

/** My files: what waits to be printed with Easy Print. */
export function ToPrintList({ files, locale, onDelete, deleting }: ListProps) {
  const t = useTranslations("files");
  return (
    <FileSection
      heading={t("myFilesHeading")}
      intro={t("howToPrint")}
      empty={t("noFiles")}
      files={files}
      row={(file) => (
        <ToPrintRow key={file.name} file={file} locale={locale} onDelete={onDelete} busy={deleting === file.name} />
      )}
    />
  );
}

interface RowProps {
  file: FileView;
  locale: string;
  onDelete: (name: string) => void;
  busy: boolean;
}

function ToPrintRow({ file, locale, onDelete, busy }: RowProps) {
  const t = useTranslations("files");
  const sentence = useErrorSentence();
  const id = useId();
  const [asked, setAsked] = useState(false);
  const preview = useFilePreview(file, asked);
  // A refused preview (busy, not drawn) closes again with its sentence: Preview asks once more.
  const failed = asked && preview.isError && !preview.isFetching;
  const open = asked && !failed;
  const toggle = () => {
    if (open) setAsked(false);
    else if (failed) void preview.refetch({ cancelRefetch: false });
    else setAsked(true);
  };
  const facts = [
    formatSize(file.size, locale),
    file.pages === null ? undefined : t("pages", { count: file.pages }),
    t("uploadedAt", { date: formatMoment(file.uploadedAt, locale) }),
    t("removedAt", { date: formatMoment(file.removedAt, locale) }),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <h3 id={`${id}-name`} className="font-semibold break-all">
        {file.name}
      </h3>
      <p className="text-sm text-fg-muted">{facts.join(" · ")}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={open} aria-describedby={`${id}-name`} onClick={toggle}>
          {open ? t("hidePreview") : t("preview")}
        </Button>
        <Button
          variant="secondary"
          aria-describedby={`${id}-name`}
          aria-disabled={busy}
          onClick={() => onDelete(file.name)}
        >
          <Icon name="delete" className="size-5" />
          {t("delete")}
        </Button>
      </div>
      {open && preview.data ? (
        // Drawn by the portal on demand, never part of the page's first load.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={preview.data}
          alt={t("previewOf", { name: file.name })}
          className="max-h-96 w-auto max-w-full self-start rounded border border-border bg-white"
        />
      ) : null}
      {/* Always there, so a screen reader reads out the drawing and a refusal as they come. */}
      <p role="status" className="text-fg-muted empty:sr-only">
        {failed ? sentence(preview.error, t("previewFailed")) : open && !preview.data ? t("previewDrawing") : null}
      </p>
    </li>
  );
}

/** My scans: what Easy Scan delivered, to download or delete. */
export function ScanList({ files, locale, onDelete, deleting }: ListProps) {
  const t = useTranslations("files");
  return (
    <FileSection
      heading={t("scansHeading")}
      empty={t("noScans")}
      files={files}
      row={(file) => (
        <ScanRow key={file.name} file={file} locale={locale} onDelete={onDelete} busy={deleting === file.name} />
      )}
    />
  );
}

function ScanRow({ file, locale, onDelete, busy }: RowProps) {
  const t = useTranslations("files");
  const id = useId();
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <h3 id={`${id}-name`} className="font-semibold break-all">
        {file.name}
      </h3>
      <p className="text-sm text-fg-muted">
        {formatSize(file.size, locale)} · {t("scannedAt", { date: formatMoment(file.uploadedAt, locale) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={filePath("scans", file.name)}
          download={file.name}
          aria-describedby={`${id}-name`}
          className={buttonClasses("secondary")}
        >
          <Icon name="download" className="size-5" />
          {t("download")}
        </a>
        <Button
          variant="secondary"
          aria-describedby={`${id}-name`}
          aria-disabled={busy}
          onClick={() => onDelete(file.name)}
        >
          <Icon name="delete" className="size-5" />
          {t("delete")}
        </Button>
      </div>
    </li>
  );
}
