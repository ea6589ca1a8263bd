"use client";

import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useTranslations } from "next-intl";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import type { Upload } from "@/hooks/use-uploads";
import { Button, buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";

// The types a printer takes; on a phone the picker then also offers the camera and the photos.
const accepted = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

interface UploadPanelProps {
  uploads: Upload[];
  maxSize: string;
  onFiles: (files: FileList) => void;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}

/** Choose or drop files; each upload's progress, with Cancel, and its outcome. */
export function UploadPanel({ uploads, maxSize, onFiles, onCancel, onDismiss }: UploadPanelProps) {
  const t = useTranslations("files");
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t("uploadHeading")}
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-start gap-3 rounded-card border-2 border-dashed p-4 ${dragging ? "border-accent bg-surface-muted" : "border-border"}`}
      >
        <input
          id={`${id}-input`}
          type="file"
          multiple
          accept={accepted}
          className="peer sr-only"
          onChange={(event) => {
            if (event.target.files && event.target.files.length > 0) onFiles(event.target.files);
            event.target.value = "";
          }}
        />
        <label
          htmlFor={`${id}-input`}
          className={buttonClasses(
            "primary",
            "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
          )}
        >
          <Icon name="upload" className="size-5" />
          {t("chooseFiles")}
        </label>
        <p className="text-fg-muted">{t("dropHint", { size: maxSize })}</p>
      </div>
      <UploadAnnouncer uploads={uploads} />
      {uploads.length > 0 ? (
        <ul aria-label={t("uploadsLabel")} className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onCancel={onCancel} onDismiss={onDismiss} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadRow({
  upload,
  onCancel,
  onDismiss,
}: {
  upload: Upload;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  const t = useTranslations("files");
  const sentence = useErrorSentence();
  const id = useId();
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3">
      {upload.state === "sending" ? (
        <>
          <label htmlFor={`${id}-progress`} className="break-all">
            {t("uploading", { name: upload.name })}
          </label>
          <div className="flex items-center gap-3">
            <progress id={`${id}-progress`} max={100} value={percent} className="h-3 flex-1 accent-accent" />
            <span className="w-14 text-right tabular-nums text-fg-muted">{t("percent", { percent })}</span>
            <Button variant="secondary" aria-describedby={`${id}-progress`} onClick={() => onCancel(upload.key)}>
              {t("cancel")}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={`break-all ${upload.state === "failed" ? "text-danger-text" : ""}`}>
            {upload.state === "done"
              ? t("uploaded", { name: upload.name })
              : upload.state === "cancelled"
                ? t("cancelled", { name: upload.name })
                : t("uploadFailed", { name: upload.name, reason: sentence(upload.error) })}
          </p>
          <Button variant="ghost" onClick={() => onDismiss(upload.key)}>
            {t("dismiss")}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Says an upload's progress politely, in steps of a quarter (a screen reader
 * would otherwise read every percent), and its outcome.
 */
function UploadAnnouncer({ uploads }: { uploads: Upload[] }) {
  const t = useTranslations("files");
  const sentence = useErrorSentence();
  const said = useRef(new Map<string, string>());
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    for (const upload of uploads) {
      const step = upload.state === "sending" ? `${Math.floor(upload.progress * 4) * 25}` : upload.state;
      if (said.current.get(upload.key) === step) continue;
      said.current.set(upload.key, step);
      const text =
        upload.state === "sending"
          ? `${t("uploading", { name: upload.name })}: ${t("percent", { percent: Number(step) })}`
          : upload.state === "done"
            ? t("uploaded", { name: upload.name })
            : upload.state === "cancelled"
              ? t("cancelled", { name: upload.name })
              : t("uploadFailed", { name: upload.name, reason: sentence(upload.error) });
      setAnnouncement(text);
    }
  }, [uploads, t, sentence]);
  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
