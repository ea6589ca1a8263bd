import type { PrinterRow } from "../db/printers.js";
import type { StorageItem } from "../external-storage/storage-client.js";
import { escapeHtml, PAGE_STYLE } from "../routes/sign-in-page-html.js";
import type { EasyPrintResult } from "./easy-print.js";
import type { EasyScanResult } from "./easy-scan.js";

// Choices sit beside their labels; the page's own inputs span the width.
const PANEL_STYLE = `
  fieldset { border: 1px solid var(--line); border-radius: .4rem; margin: .6rem 0 0; padding: .5rem .75rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .choice { display: flex; align-items: center; gap: .6rem; min-height: 2.75rem; }
  .choice input { width: 1.4rem; height: 1.4rem; min-height: 0; margin: 0; flex: none; }
  .choice label { font-weight: 400; margin: 0; }
  select { font: inherit; min-height: 2.75rem; padding: .5rem .75rem; border-radius: .4rem; border: 1px solid var(--line);
    background: var(--bg); color: var(--fg); width: 100%; }
  .where { margin-bottom: 1rem; }
  ul { padding-left: 1.2rem; }
  nav form { margin: 0; }
  nav { display: grid; gap: .2rem; margin-top: 1rem; }
`;

function screen(title: string, body: string): string {
  return `<!doctype html>
<html lang="en" class="system">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}${PANEL_STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** A button that moves the panel to another screen of the session. */
const step = (action: string, session: string, text: string, secondary = false) =>
  `<form method="post" action="${action}">${hidden("session", session)}<button type="submit"${secondary ? ' class="secondary"' : ""}>${escapeHtml(text)}</button></form>`;

export interface ScreenContext {
  session: string;
  person: string;
  printer: PrinterRow;
}

function where(c: ScreenContext): string {
  const place = c.printer.location ? `, ${c.printer.location}` : "";
  return `<p class="where">${escapeHtml(c.printer.name + place)}. Signed in as ${escapeHtml(c.person)}.</p>`;
}

function navigation(c: ScreenContext, back = true): string {
  return `<nav aria-label="Panel">${back ? step("/menu", c.session, "Back to the menu", true) : ""}${step("/sign-out", c.session, "Sign out", true)}</nav>`;
}

/** A failure as the person sees it, and the detail an administrator needs, if any. */
export interface ScreenMessage {
  text: string;
  detail?: string;
}

function alert(message: ScreenMessage | undefined): string {
  if (!message) return "";
  return `<div role="alert" id="message"><p>${escapeHtml(message.text)}</p>${
    message.detail ? `<p>For the administrator: ${escapeHtml(message.detail)}</p>` : ""
  }</div>`;
}

function printerState(p: PrinterRow): string {
  if (p.state !== "active") return " (switched off)";
  if (p.mode === "offline") return " (offline)";
  if (p.mode === "withIssue") return " (has an issue)";
  return "";
}

/** The printer's screen before anyone signs in: which printer, and the PIN. */
export function signInScreen(input: {
  printers: PrinterRow[];
  selected?: number;
  form: string;
  message?: ScreenMessage;
}): string {
  const options = input.printers
    .map(
      (p) =>
        `<option value="${p.id}"${p.id === input.selected ? " selected" : ""}>${escapeHtml(p.name + printerState(p))}</option>`,
    )
    .join("");
  const invalid = input.message ? ' aria-describedby="message" aria-invalid="true" autofocus' : "";
  return screen(
    "Printer panel: sign in",
    `<h1>Printer panel</h1>
<p>Sign in at a printer with your PIN to print your files with Easy Print or scan with Easy Scan.</p>
${alert(input.message)}
<form method="post" action="/sign-in">${hidden("form", input.form)}
  <label for="printer">Printer</label>
  <select id="printer" name="printer" required>${options}</select>
  <label for="pin">PIN</label>
  <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required${invalid}>
  <button type="submit">Sign in</button>
</form>`,
  );
}

export function menuScreen(c: ScreenContext, notice?: string): string {
  return screen(
    `${c.printer.name}: menu`,
    `<h1>Welcome, ${escapeHtml(c.person)}</h1>
${where(c)}
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}
<nav aria-label="Apps">${step("/easy-print", c.session, "Easy Print")}${step("/easy-scan", c.session, "Easy Scan")}</nav>
${navigation(c, false)}`,
  );
}

const KB = 1024;
function size(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < KB) return `${bytes} B`;
  if (bytes < KB * KB) return `${Math.round(bytes / KB)} KB`;
  return `${(bytes / KB / KB).toFixed(1)} MB`;
}

/** Easy Print's list of the person's files in "To print", with copies and colour. */
export function easyPrintScreen(
  c: ScreenContext,
  input: { files: StorageItem[] | null; form: string; message?: ScreenMessage },
): string {
  const { files } = input;
  let body: string;
  if (files === null) body = "";
  else if (files.length === 0)
    body = `<p>Your "To print" folder is empty. Upload files in Print Portal, then open Easy Print again.</p>`;
  else {
    const choices = files
      .map((f, i) => {
        const about = [size(f.fileSize)].filter(Boolean).join(", ");
        return `<div class="choice"><input type="checkbox" id="file-${i}" name="file" value="${escapeHtml(f.id)}"><label for="file-${i}">${escapeHtml(f.name)}${about ? `, ${escapeHtml(about)}` : ""}</label></div>`;
      })
      .join("\n");
    const colourAllowed = c.printer.colour === 1;
    body = `<form method="post" action="/easy-print/print">${hidden("session", c.session)}${hidden("form", input.form)}
<fieldset><legend>Files to print</legend>
${choices}
</fieldset>
<label for="copies">Copies</label>
<input id="copies" name="copies" type="number" inputmode="numeric" min="1" max="999" value="1" required>
<fieldset><legend>Colour</legend>
<div class="choice"><input type="radio" id="colour-mono" name="colour" value="mono" checked><label for="colour-mono">Black and white</label></div>
${
  colourAllowed
    ? `<div class="choice"><input type="radio" id="colour-colour" name="colour" value="colour"><label for="colour-colour">Colour</label></div>`
    : `<p>This printer prints in black and white only.</p>`
}
</fieldset>
<button type="submit">Print</button>
</form>`;
  }
  return screen(
    `${c.printer.name}: Easy Print`,
    `<h1>Easy Print</h1>
${where(c)}
${alert(input.message)}
${body}
${navigation(c)}`,
  );
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function printedScreen(c: ScreenContext, result: EasyPrintResult): string {
  const jobs = result.jobs
    .map(
      (j) =>
        `<li>${escapeHtml(j.name)}: ${plural(j.pages, "page", "pages")}, ${plural(j.copies, "copy", "copies")}, ${
          j.colour ? "colour" : "black and white"
        }, ${escapeHtml(money(j.cost, result.currency))}</li>`,
    )
    .join("");
  const total = result.jobs.reduce((sum, j) => sum + Math.round(j.cost * 100), 0) / 100;
  const removed = result.deleted.length
    ? `<p>Removed from "To print": ${escapeHtml(result.deleted.join(", "))}.</p>`
    : "";
  const kept = result.kept.length ? `<p>Kept in "To print": ${escapeHtml(result.kept.join(", "))}.</p>` : "";
  const failures = result.deleteFailures.length
    ? alert({
        text: `Printed, but ${result.deleteFailures.map((f) => f.name).join(", ")} could not be removed from "To print".`,
        detail: result.deleteFailures.map((f) => f.message).join(" "),
      })
    : "";
  return screen(
    `${c.printer.name}: printing`,
    `<h1>Printing</h1>
${where(c)}
<p role="status">Sent to ${escapeHtml(result.printer)}: ${plural(result.jobs.length, "file", "files")} for ${escapeHtml(money(total, result.currency))}.</p>
<ul>${jobs}</ul>
${removed}${kept}${failures}
${navigation(c)}`,
  );
}

export function easyScanScreen(c: ScreenContext, input: { form: string; message?: ScreenMessage }): string {
  return screen(
    `${c.printer.name}: Easy Scan`,
    `<h1>Easy Scan</h1>
${where(c)}
${alert(input.message)}
<p>Put the page on the glass. The scan goes to the "Scans" folder of your Print Portal.</p>
<form method="post" action="/easy-scan/scan">${hidden("session", c.session)}${hidden("form", input.form)}
<button type="submit">Scan</button>
</form>
${navigation(c)}`,
  );
}

export function scannedScreen(c: ScreenContext, result: EasyScanResult): string {
  return screen(
    `${c.printer.name}: scanned`,
    `<h1>Scanned</h1>
${where(c)}
<p role="status">${escapeHtml(result.name)} is in your "Scans" folder.</p>
${navigation(c)}`,
  );
}

/** A page outside any session: an ended session, a stale form, a bad request. */
export function noticeScreen(title: string, message: ScreenMessage): string {
  return screen(
    title,
    `<h1>${escapeHtml(title)}</h1>
${alert(message)}
<p><a href="/">Sign in at a printer</a></p>`,
  );
}
