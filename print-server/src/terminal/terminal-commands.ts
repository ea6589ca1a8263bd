import pino from "pino";
import { createSignInLimiter, DEFAULT_LIMITS } from "../auth/sign-in-limiter.js";
import type { StartupSettings } from "../config.js";
import { openDataStore } from "../data-store.js";
import { jobsRepository } from "../db/jobs.js";
import { printersRepository } from "../db/printers.js";
import { usersRepository } from "../db/users.js";
import { ApiError, CliError } from "../errors.js";
import { ExternalStorageError } from "../external-storage/storage-client.js";
import { createExternalStorageClient } from "../external-storage/storage-client.js";
import { createPrinting } from "../printing/printing.js";
import { easyPrint, listEasyPrintFiles, untilPrinted, type EasyPrintResult } from "./easy-print.js";
import { easyScan, type EasyScanResult } from "./easy-scan.js";
import { UnprintableDocument } from "./printable-document.js";
import {
  printerNamed,
  signInAtPrinter,
  TerminalError,
  type TerminalDeps,
  type TerminalSession,
} from "./terminal-deps.js";

/** The terminal's services for one command, on the data folder a running server may share. */
export async function openTerminal(startup: StartupSettings): Promise<{ deps: TerminalDeps; close(): Promise<void> }> {
  const storage = startup.externalStorage ? createExternalStorageClient(startup.externalStorage) : null;
  const store = await openDataStore(startup.dataDir);
  // stdout carries the command's one JSON answer; the printing's own log lines go to stderr.
  const log = pino({ level: "warn" }, pino.destination(2));
  const users = usersRepository(store.db, store.lookupKey);
  const jobs = jobsRepository(store.db);
  const printers = printersRepository(store.db);
  const printing = createPrinting({ db: store.db, users, jobs, printers }, startup, log);
  return {
    deps: {
      db: store.db,
      users,
      jobs,
      printers,
      printing,
      limiter: createSignInLimiter({ ...DEFAULT_LIMITS, windowSeconds: startup.lockoutWindow }),
      storage,
      deleteAfterPrint: startup.externalStorage?.deleteAfterPrint ?? true,
    },
    close: async () => {
      printing.stop();
      await storage?.close();
      store.db.close();
    },
  };
}

/** The terminal's refusals as the command line reports them: one sentence, no stack. */
async function asCliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(err.description);
    if (err instanceof TerminalError || err instanceof UnprintableDocument || err instanceof ExternalStorageError) {
      throw new CliError(err.message);
    }
    throw err;
  }
}

async function signIn(deps: TerminalDeps, printer: string, pin: string): Promise<TerminalSession> {
  return signInAtPrinter(deps, printerNamed(deps, printer).id, pin, "command line");
}

export interface TerminalEasyPrintInput {
  printer: string;
  pin: string;
  /** One file of "To print" by its name; all of them when absent. */
  file?: string;
  copies: number;
  colour: boolean;
}

/**
 * `terminal easy-print`: signs in at the printer with the PIN, prints the
 * person's files from "To print" (or the one named) and waits until the
 * printer has printed and charged them.
 */
export function terminalEasyPrint(deps: TerminalDeps, input: TerminalEasyPrintInput): Promise<EasyPrintResult> {
  return asCliErrors(async () => {
    const session = await signIn(deps, input.printer, input.pin);
    const files = await listEasyPrintFiles(deps, session);
    const chosen = input.file === undefined ? files : files.filter((f) => f.name === input.file);
    if (chosen.length === 0) {
      throw new TerminalError(
        input.file === undefined
          ? `${session.user.username} has nothing in "To print".`
          : `${session.user.username} has no file named "${input.file}" in "To print".`,
      );
    }
    const result = await easyPrint(deps, session, {
      fileIds: chosen.map((f) => f.id),
      copies: input.copies,
      colour: input.colour,
    });
    await untilPrinted(
      deps,
      result.jobs.map((j) => j.id),
    );
    return result;
  });
}

/** `terminal easy-scan`: signs in at the printer with the PIN and delivers a generated one-page scan. */
export function terminalEasyScan(deps: TerminalDeps, input: { printer: string; pin: string }): Promise<EasyScanResult> {
  return asCliErrors(async () => easyScan(deps, await signIn(deps, input.printer, input.pin)));
}
