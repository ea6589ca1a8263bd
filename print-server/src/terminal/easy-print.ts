import { setTimeout as sleep } from "node:timers/promises";
import { nowSeconds } from "../db/open-database.js";
import { printCostCents, readPriceList } from "../db/price-list.js";
import { readServerConfig } from "../db/settings.js";
import { filesToPrint } from "../external-storage/person-folders.js";
import { ExternalStorageError, type StorageItem } from "../external-storage/storage-client.js";
import { printableDocument } from "./printable-document.js";
import { requireStorage, TerminalError, type TerminalDeps, type TerminalSession } from "./terminal-deps.js";

export interface EasyPrintChoice {
  /** Ids of files in the person's "To print", as the adapter lists them. */
  fileIds: string[];
  copies: number;
  colour: boolean;
}

export interface EasyPrintResult {
  printer: string;
  currency: string;
  jobs: Array<{ id: number; name: string; pages: number; copies: number; colour: boolean; cost: number }>;
  /** Files removed from "To print" after printing. */
  deleted: string[];
  /** Files left in "To print" (the setting keeps them, or removing failed). */
  kept: string[];
  /** Removals that failed: the print stands, the file stays. */
  deleteFailures: Array<{ name: string; message: string }>;
}

export const MAX_COPIES = 999;

/** The person's files in "To print", through the external storage, as Easy Print lists them. */
export async function listEasyPrintFiles(deps: TerminalDeps, session: TerminalSession): Promise<StorageItem[]> {
  return filesToPrint(requireStorage(deps), session.user.username);
}

/**
 * Easy Print: fetches the chosen files through the external storage, makes a
 * job of each (pages counted from the content) and releases them at the
 * printer as any release is (all or nothing: the printer must print, the
 * account must cover all). The simulated printer then prints and charges them.
 * After the release each file is deleted from "To print", unless MyQ's setting
 * keeps it.
 */
export async function easyPrint(
  deps: TerminalDeps,
  session: TerminalSession,
  choice: EasyPrintChoice,
): Promise<EasyPrintResult> {
  const storage = requireStorage(deps);
  const { user, printer } = session;
  if (choice.fileIds.length === 0) throw new TerminalError("Choose at least one file to print.");
  if (!Number.isInteger(choice.copies) || choice.copies < 1 || choice.copies > MAX_COPIES) {
    throw new TerminalError(`Copies must be a whole number from 1 to ${MAX_COPIES}.`);
  }
  const listed = await filesToPrint(storage, user.username);
  const chosen = [...new Set(choice.fileIds)].map((id) => {
    const item = listed.find((f) => f.id === id);
    if (!item) throw new TerminalError("A chosen file is no longer in To print. Open Easy Print again.");
    return item;
  });
  const documents: Array<{ item: StorageItem; pages: number }> = [];
  for (const item of chosen) {
    const bytes = await storage.fetchFile(user.username, item.id);
    documents.push({ item, ...(await printableDocument(item.name, bytes)) });
  }

  const colour = choice.colour && printer.colour === 1;
  const printed = deps.db
    .transaction(() => {
      const now = nowSeconds();
      const prices = readPriceList(deps.db);
      const jobIds = documents.map((d) =>
        deps.jobs.addReady({
          userId: user.id,
          name: d.item.name,
          pages: d.pages,
          copies: choice.copies,
          colour,
          duplex: false,
          costCents: printCostCents(prices, { pages: d.pages, copies: choice.copies, colour, duplex: false }),
          now,
        }),
      );
      // The release's own checks and charge; a refusal rolls the new jobs back too.
      return deps.printing.release(user.id, printer.id, { jobIds }).jobs;
    })
    .immediate();

  const result: EasyPrintResult = {
    printer: printer.name,
    currency: readServerConfig(deps.db).currency,
    jobs: printed.map((job, i) => ({
      id: job.id,
      name: documents[i]!.item.name,
      pages: documents[i]!.pages,
      copies: choice.copies,
      colour,
      cost: job.cost,
    })),
    deleted: [],
    kept: [],
    deleteFailures: [],
  };
  for (const { item } of documents) {
    if (!deps.deleteAfterPrint) {
      result.kept.push(item.name);
      continue;
    }
    try {
      await storage.deleteFile(user.username, item.id);
      result.deleted.push(item.name);
    } catch (err) {
      if (!(err instanceof ExternalStorageError)) throw err;
      result.kept.push(item.name);
      result.deleteFailures.push({ name: item.name, message: err.message });
    }
  }
  return result;
}

/**
 * Waits until the simulated printer has printed (and charged) these jobs,
 * finishing what is due itself: a CLI process releases jobs that a running
 * server's printer timer does not know of.
 */
export async function untilPrinted(deps: TerminalDeps, jobIds: number[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    deps.printing.simulator.finishDue();
    if (jobIds.every((id) => deps.jobs.byId(id)?.state !== "processing")) return;
    if (Date.now() > deadline) throw new TerminalError("The printer did not finish in time.");
    await sleep(100);
  }
}
