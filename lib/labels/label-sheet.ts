import "server-only";
import QRCode from "qrcode";

// A printable sheet of QR labels, one per printer, for stickers on the
// devices: the printer's name and location, and a QR code of the portal's
// "Release at this printer" link (/jobs?printer=<id>). Scanning it on a
// phone opens the Jobs page with that printer chosen and "Release all".

export interface LabelPrinter {
  id: number;
  name: string;
  location: string | null;
}

export interface LabelTexts {
  title: string;
  /** Under the code: what scanning it does, e.g. "Scan to print your jobs here". */
  hint: string;
}

export function releaseLink(portalUrl: string, printerId: number): string {
  return `${portalUrl.replace(/\/+$/, "")}/jobs?printer=${printerId}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One QR code as inline SVG; error correction M survives a scuffed sticker. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The whole sheet: A4, three labels a row, each kept whole on its page. */
export async function labelSheet(printers: LabelPrinter[], portalUrl: string, texts: LabelTexts): Promise<string> {
  const labels = await Promise.all(
    printers.map(async (printer) => {
      const link = releaseLink(portalUrl, printer.id);
      return `<section class="label" data-link="${escapeHtml(link)}">
  <h2>${escapeHtml(printer.name)}</h2>
  ${printer.location ? `<p class="location">${escapeHtml(printer.location)}</p>` : ""}
  <div class="code" role="img" aria-label="${escapeHtml(`QR code: ${link}`)}">${await qrSvg(link)}</div>
  <p class="hint">${escapeHtml(texts.hint)}</p>
  <p class="link">${escapeHtml(link)}</p>
</section>`;
    }),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(texts.title)}</title>
<style>
  @page { size: A4; margin: 10mm; }
  body { font-family: system-ui, sans-serif; margin: 0; color: #000; background: #fff; }
  h1 { font-size: 14pt; margin: 0 0 6mm; }
  .sheet { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm; }
  .label { border: 1px dashed #888; padding: 4mm; text-align: center; break-inside: avoid; }
  .label h2 { font-size: 14pt; margin: 0; }
  .location { margin: 1mm 0 0; font-size: 10pt; }
  .code svg { width: 40mm; height: 40mm; }
  .hint { margin: 1mm 0 0; font-size: 10pt; font-weight: 600; }
  .link { margin: 1mm 0 0; font-size: 7pt; word-break: break-all; }
  @media print { h1 { display: none; } }
</style>
</head>
<body>
<h1>${escapeHtml(texts.title)}</h1>
<main class="sheet">
${labels.join("\n")}
</main>
</body>
</html>
`;
}
