import type { SignInLimiter } from "../auth/sign-in-limiter.js";
import { signInUser } from "../auth/user-sign-in.js";
import type { JobsRepository } from "../db/jobs.js";
import type { Db } from "../db/open-database.js";
import type { PrinterRow, PrintersRepository } from "../db/printers.js";
import type { UserRow, UsersRepository } from "../db/users.js";
import type { ExternalStorageClient } from "../external-storage/storage-client.js";
import type { Printing } from "../printing/printing.js";
import type { Services } from "../services.js";

/** What a printer's embedded terminal (the panel, the CLI's `terminal` commands) works with. */
export interface TerminalDeps {
  db: Db;
  users: UsersRepository;
  printers: PrintersRepository;
  jobs: JobsRepository;
  printing: Printing;
  limiter: SignInLimiter;
  /** Easy Print's source and Easy Scan's destination; null when none is configured. */
  storage: ExternalStorageClient | null;
  /** MyQ's Easy Print setting "delete the file after printing". */
  deleteAfterPrint: boolean;
}

/** A person signed in at a printer. */
export interface TerminalSession {
  user: UserRow;
  printer: PrinterRow;
}

/** Something the terminal refuses, in words for the person at the printer. */
export class TerminalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TerminalError";
  }
}

export function terminalDeps(s: Services): TerminalDeps {
  return {
    db: s.db,
    users: s.users,
    printers: s.printers,
    jobs: s.jobs,
    printing: s.printing,
    limiter: s.limiter,
    storage: s.externalStorage,
    deleteAfterPrint: s.startup.externalStorage?.deleteAfterPrint ?? true,
  };
}

/** Every printer of this server, by name (a server has tens of printers, not thousands). */
export function allPrinters(deps: Pick<TerminalDeps, "printers">): PrinterRow[] {
  return deps.printers.list({}, 10_000, 0).printers;
}

/** The printer of that name (any case), as the CLI names it. */
export function printerNamed(deps: Pick<TerminalDeps, "printers">, name: string): PrinterRow {
  const wanted = name.trim().toLowerCase();
  const printer = allPrinters(deps).find((p) => p.name.toLowerCase() === wanted);
  if (!printer) throw new TerminalError(`There is no printer named "${name}".`);
  return printer;
}

/**
 * Signs a person in at a printer with their PIN, within the same failed
 * sign-in limits as the token endpoint and the sign-in page (429 past them).
 */
export async function signInAtPrinter(
  deps: Pick<TerminalDeps, "users" | "printers" | "limiter">,
  printerId: number,
  pin: string,
  address: string,
): Promise<TerminalSession> {
  const printer = deps.printers.byId(printerId);
  if (!printer) throw new TerminalError("Choose one of the printers.");
  const user = await signInUser({ type: 2, pin }, address, deps.users, deps.limiter);
  return { user, printer };
}

export function requireStorage(deps: Pick<TerminalDeps, "storage">): ExternalStorageClient {
  if (!deps.storage) {
    throw new TerminalError(
      "No external storage is connected to this print server (PRINT_SERVER_EXTERNAL_STORAGE_URL), so there is nothing to print or scan to.",
    );
  }
  return deps.storage;
}
