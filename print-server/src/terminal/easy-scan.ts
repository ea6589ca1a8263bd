import { canPrint } from "../db/printers.js";
import { folderId, idInFolder, SCANS_FOLDER } from "../external-storage/person-folders.js";
import { scanPagePdf } from "./scan-page.js";
import { requireStorage, TerminalError, type TerminalDeps, type TerminalSession } from "./terminal-deps.js";

export interface EasyScanResult {
  /** The file's name in the person's "Scans". */
  name: string;
  /** Its id there, as the adapter lists it. */
  fileId: string;
  bytes: number;
}

/** "Scan 2026-12-07 04-41-02 Reception.pdf": sorts by time, and no character an adapter refuses in a name. */
export function scanFileName(printer: string, at: Date): string {
  const time = at.toISOString().slice(0, 19).replace("T", " ").replace(/:/g, "-");
  const place = printer.replace(/[^\p{L}\p{N} ._-]+/gu, " ").trim();
  return `Scan ${time}${place ? ` ${place}` : ""}.pdf`;
}

/** Easy Scan: a generated one-page PDF delivered into the person's "Scans" through the external storage. */
export async function easyScan(
  deps: TerminalDeps,
  session: TerminalSession,
  at: Date = new Date(),
): Promise<EasyScanResult> {
  const storage = requireStorage(deps);
  const { user, printer } = session;
  if (!canPrint(printer)) throw new TerminalError(`${printer.name} cannot scan now: it is offline or has an issue.`);
  const pdf = await scanPagePdf({ printer: printer.name, location: printer.location, person: user.fullname, at });
  const name = scanFileName(printer.name, at);
  const fileId = idInFolder(await folderId(storage, user.username, SCANS_FOLDER), name);
  await storage.uploadFile(user.username, fileId, pdf);
  return { name, fileId, bytes: pdf.length };
}
