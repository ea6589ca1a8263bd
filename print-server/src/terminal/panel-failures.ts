import type { FastifyBaseLogger } from "fastify";
import { ApiError } from "../errors.js";
import { ExternalStorageError, type StorageErrorKind } from "../external-storage/storage-client.js";
import type { ScreenMessage } from "./panel-html.js";
import type { PanelAnswer } from "./panel-sessions.js";
import { UnprintableDocument } from "./printable-document.js";
import { TerminalError } from "./terminal-deps.js";

const STORAGE_TEXT: Record<StorageErrorKind, string> = {
  unauthorized: "Your files cannot be opened at this printer: the storage refused the printer's login.",
  not_found: "Your files are not where this printer looks for them.",
  too_large: "The file is too large for this printer.",
  untrusted: "The storage of your files cannot be reached safely from this printer.",
  unreachable: "The storage of your files cannot be reached from this printer now.",
  timeout: "The storage of your files did not answer in time.",
  bad_answer: "The storage of your files answered in a way this printer does not understand.",
};

/** What went wrong, for the person at the printer (and the administrator), with the page's status. */
export function failure(
  err: unknown,
  log: FastifyBaseLogger,
): { status: PanelAnswer["status"]; message: ScreenMessage; retryAfter?: string } {
  if (err instanceof TerminalError) return { status: 400, message: { text: err.message } };
  if (err instanceof UnprintableDocument)
    return { status: 400, message: { text: `${err.message} Nothing was printed.` } };
  if (err instanceof ExternalStorageError) {
    // The kind and status only: the message names files, which stay out of the log.
    log.warn({ kind: err.kind, status: err.status }, "external storage call failed");
    const askAdmin = err.kind === "not_found" || err.kind === "too_large" ? "" : " Ask an administrator.";
    return { status: 502, message: { text: STORAGE_TEXT[err.kind] + askAdmin, detail: err.message } };
  }
  if (err instanceof ApiError) {
    if (err.status === 429)
      return {
        status: 429,
        message: { text: "Too many failed sign-ins. Wait a while, then try again." },
        retryAfter: err.headers["Retry-After"],
      };
    if (err.code === "invalid_grant") return { status: 400, message: { text: "The PIN is not valid. Try again." } };
    return { status: 400, message: { text: err.description } };
  }
  throw err;
}
