"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import type { JobView } from "@/app/api/jobs/schema";
import { Alert } from "@/components/ui/alert";
import { useMoneyOverview } from "@/hooks/use-account";
import { useEmbedded } from "@/hooks/use-embed";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useFormatLocale } from "@/hooks/use-format-locale";
import { useDeleteJobs, useFavorite, useJobList, usePrinters, useReleaseJobs } from "@/hooks/use-jobs";
import { useLastPrinter } from "@/hooks/use-last-printer";
import { useNow } from "@/hooks/use-now";
import { useWaitBriefly } from "@/hooks/use-wait-briefly";
import { shortfall, totalCost } from "@/lib/browser-safe/jobs/total-cost";
import type { ReleaseOptions } from "@/lib/browser-safe/jobs/release-options";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { newRequestId } from "@/lib/browser-safe/request-id";
import { JobListSection } from "./job-list-section";
import { JobRow } from "./job-row";
import { PrinterPicker } from "./printer-picker";
import { ReleaseAllRoom } from "./release-all-room";
import type { ReleaseBatch } from "./release-progress";
import { SelectAll } from "./select-all";

// Parts that only some moments need are loaded at that moment, from one
// module (board-parts.ts), and stay out of the page's first load.
const part = <Name extends keyof typeof import("./board-parts")>(name: Name) =>
  lazy(() => import("./board-parts").then((module) => ({ default: module[name] })));
const SelectionBar = part("SelectionBar");
const DeleteConfirm = part("DeleteConfirm");
const ReleaseConfirm = part("ReleaseConfirm");
const ReleaseProgressList = part("ReleaseProgressList");
const ReleaseAllPanel = part("ReleaseAllPanel");

type Pending =
  | { kind: "release"; jobs: JobView[]; printerId: number; key: string }
  | { kind: "releaseAll"; printerId: number; key: string }
  | { kind: "delete"; jobs: JobView[] };

/**
 * The Jobs page's interactive part: lists, selection, printer, release,
 * delete, favourites. Each change has what it touched read again (hooks/use-jobs.ts).
 */
export function JobsBoard({ printerParam }: { printerParam: number | null }) {
  const t = useTranslations("jobs");
  const locale = useFormatLocale();
  const now = useNow(false);
  const embedded = useEmbedded();
  const sentence = useErrorSentence();
  // The balance Home and Credit read too: shown at once from the tab's cache, and read again.
  const money = useMoneyOverview();
  const printers = usePrinters();
  const release = useReleaseJobs();
  const waiting = useJobList("waiting");
  const printed = useJobList("printed");
  const favorites = useJobList("favorites");
  const waitingJobs = useMemo(() => waiting.data?.jobs ?? [], [waiting.data]);
  const waitingNames = new Map(waitingJobs.map((job) => [job.id, job.name]));
  const remove = useDeleteJobs();
  const favorite = useFavorite();

  const [selected, setSelected] = useState<Map<number, JobView>>(new Map());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [lastUsed, rememberPrinter] = useLastPrinter();
  const [pending, setPendingState] = useState<Pending | null>(null);
  // The dialogs stay once asked for, so a closed one gives the focus back as a <dialog> does.
  const [asked, setAsked] = useState(false);
  const setPending = useCallback((next: Pending | null) => {
    if (next) setAsked(true);
    setPendingState(next);
  }, []);
  const [batches, setBatches] = useState<ReleaseBatch[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Release pressed without a printer that can print: said at the printer choice (printer-picker.tsx).
  const [printerAsked, setPrinterAsked] = useState(0);

  const currency = money.data?.currency;
  // The rows come with their costs: the money is read alongside the list
  // (the page preloads both), and past a second and a half they come without.
  const costsKnown = useWaitBriefly(!money.isPending, 1500);
  const available = money.data?.credit?.availableToPrint ?? null;
  const printerList = useMemo(() => printers.data?.printers ?? [], [printers.data]);

  const labelPrinter = printerParam === null ? undefined : printerList.find((printer) => printer.id === printerParam);
  const money$ = (amount: number) => (currency ? formatMoney(amount, currency, locale) : "");

  // Until the person chooses, the label's printer, else the last one used, when it can print.
  const preferred = printerList.find(
    (printer) => printer.id === (printerParam ?? lastUsed) && printer.problem === null,
  );
  const printerId = chosenId ?? preferred?.id ?? null;

  const chosenPrinter = printerList.find((printer) => printer.id === printerId);
  const announce = useCallback((text: string) => setAnnouncement(text), []);

  function choosePrinter(id: number) {
    setChosenId(id);
    setProblem(null);
    setPrinterAsked(0);
  }

  const askRelease = useCallback(
    (jobs: JobView[]) => {
      setProblem(null);
      if (!chosenPrinter || chosenPrinter.problem) {
        setPrinterAsked((times) => times + 1);
        return;
      }
      setPending({ kind: "release", jobs, printerId: chosenPrinter.id, key: newRequestId() });
    },
    [chosenPrinter, setPending],
  );

  function confirmDelete() {
    if (pending?.kind !== "delete") return;
    const jobs = pending.jobs;
    remove.mutate(
      jobs.map((job) => job.id),
      {
        onSuccess: () => {
          setSelected((current) => new Map([...current].filter(([id]) => !jobs.some((job) => job.id === id))));
          announce(t("deletedAnnounce", { count: jobs.length }));
          setPending(null);
        },
        onError: (error) => {
          setProblem(sentence(error));
          setPending(null);
        },
      },
    );
  }

  function sendRelease(order: Exclude<Pending, { kind: "delete" }>, options?: ReleaseOptions) {
    const printer = printerList.find((p) => p.id === order.printerId);
    const variables =
      order.kind === "release"
        ? { printerId: order.printerId, jobIds: order.jobs.map((job) => job.id), key: order.key, options }
        : { printerId: order.printerId, all: true, key: order.key };
    const names = new Map(order.kind === "release" ? order.jobs.map((job) => [job.id, job.name]) : []);
    // A server that gives jobs no state (a real MyQ X) cannot say how a print is doing: no "Printing...".
    const known = order.kind === "release" ? order.jobs : waitingJobs;
    const followed = known.length === 0 || known.some((job) => job.state !== null);
    release.mutate(variables, {
      onSuccess: ({ jobIds }, { key }) => {
        rememberPrinter(order.printerId);
        setSelected(new Map());
        setPending(null);
        if (jobIds.length === 0) {
          announce(t("releaseAllNothing"));
          return;
        }
        const printerName = printer?.name ?? "";
        const jobs = jobIds.map((id) => ({ id, name: names.get(id) ?? waitingNames.get(id) ?? `#${id}` }));
        setBatches((current) => [{ key, printerName, jobs, followed }, ...current.filter((b) => b.key !== key)]);
        announce(t("released", { count: jobIds.length, printer: printerName }));
      },
      onError: (error) => {
        setProblem(sentence(error));
        setPending(null);
      },
    });
  }

  const selectedJobs = [...selected.values()];
  const selectedTotal = totalCost(selectedJobs.map((job) => job.cost));
  const selectedShortfall = shortfall(selectedTotal, available);
  const busy = release.isPending || remove.isPending;
  // The same functions for every row and render, so the memoised rows render only when their job changes.
  const { mutate: setFavorite } = favorite;
  const onFavorite = useCallback((job: JobView) => setFavorite({ id: job.id, favorite: !job.favorite }), [setFavorite]);
  const onDelete = useCallback((jobs: JobView[]) => setPending({ kind: "delete", jobs }), [setPending]);
  const onReprint = useCallback((job: JobView) => askRelease([job]), [askRelease]);
  const onSelect = useCallback(
    (job: JobView, checked: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (checked) next.set(job.id, job);
        else next.delete(job.id);
        return next;
      }),
    [],
  );
  const rowActions = { onFavorite, onDelete, busy };

  // Printed jobs and favourites: a favourite still waiting is released from the list above, not reprinted.
  const keptRow = (job: JobView) => (
    <JobRow
      key={job.id}
      job={job}
      now={now}
      locale={locale}
      currency={currency}
      onReprint={onReprint}
      {...rowActions}
    />
  );

  return (
    <div className="flex flex-col gap-8">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-fg-muted">{t("availableToPrint")}</span>
        <strong data-testid="available-to-print" className="text-2xl tabular-nums">
          {available !== null && currency ? money$(available) : "…"}
        </strong>
      </p>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      {favorite.isError ? <Alert>{sentence(favorite.error)}</Alert> : null}

      {printerParam !== null ? (
        <Suspense fallback={<ReleaseAllRoom />}>
          <ReleaseAllPanel
            printer={labelPrinter}
            known={printers.data !== undefined}
            waiting={waiting}
            currency={currency}
            locale={locale}
            busy={busy}
            onReleaseAll={(id) => {
              setProblem(null);
              // One tap prints everything waiting: no question in between. A new key per tap.
              sendRelease({ kind: "releaseAll", printerId: id, key: newRequestId() });
            }}
          />
        </Suspense>
      ) : null}

      {batches.length > 0 ? (
        <Suspense fallback={null}>
          <ReleaseProgressList batches={batches} announce={announce} />
        </Suspense>
      ) : null}

      <JobListSection
        name="waiting"
        query={waiting}
        held={!costsKnown}
        heading={t("waitingHeading")}
        empty={t("noWaiting")}
        header={(jobs, count) => (
          <SelectAll
            jobs={jobs}
            count={count}
            selected={selected}
            onChange={(all) => setSelected(new Map(all ? jobs.map((job) => [job.id, job]) : []))}
          />
        )}
        row={(job) => (
          <JobRow
            key={job.id}
            job={job}
            now={now}
            locale={locale}
            currency={currency}
            selected={selected.has(job.id)}
            onSelect={onSelect}
            {...rowActions}
          />
        )}
      />

      <section aria-labelledby="jobs-printer" className="flex flex-col gap-3">
        <h2 id="jobs-printer" className="sr-only">
          {t("printerLabel")}
        </h2>
        <PrinterPicker
          value={printerId}
          onChange={choosePrinter}
          lastUsed={lastUsed}
          printers={printers}
          asked={printerAsked}
        />
      </section>

      <JobListSection
        name="printed"
        query={printed}
        held={!costsKnown}
        heading={t("printedHeading")}
        empty={t("noPrinted")}
        notOffered={t("printedNotOffered")}
        row={keptRow}
      />
      <JobListSection
        name="favorites"
        query={favorites}
        held={!costsKnown}
        heading={t("favoritesHeading")}
        empty={t("noFavorites")}
        row={keptRow}
      />

      {selectedJobs.length > 0 ? (
        <Suspense fallback={null}>
          <SelectionBar
            count={selectedJobs.length}
            total={money$(selectedTotal)}
            available={available !== null ? money$(available) : null}
            shortfall={selectedShortfall !== null ? money$(selectedShortfall) : null}
            busy={busy}
            aboveBottomNav={!embedded}
            onRelease={() => askRelease(selectedJobs)}
            onDelete={() => setPending({ kind: "delete", jobs: selectedJobs })}
          />
        </Suspense>
      ) : null}

      {asked ? (
        <Suspense fallback={null}>
          <ReleaseConfirm
            jobs={pending?.kind === "release" ? pending.jobs : null}
            printerName={
              pending?.kind === "release" ? (printerList.find((p) => p.id === pending.printerId)?.name ?? "") : ""
            }
            money={currency ? money$ : undefined}
            busy={release.isPending}
            onConfirm={(options) => {
              if (pending?.kind === "release") sendRelease(pending, options);
            }}
            onCancel={() => setPending(null)}
            focusAfter="jobs-waiting"
          />
          <DeleteConfirm
            jobs={pending?.kind === "delete" ? pending.jobs : null}
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setPending(null)}
            focusAfter="jobs-waiting"
          />
        </Suspense>
      ) : null}
    </div>
  );
}
