// `npm run -s labels -- [--out labels.html]`: a printable sheet of QR labels,
// one per printer, for stickers on the devices. Run it where the portal runs,
// with the portal's settings (PRINT_SERVER_URL, client id and secret,
// PORTAL_URL): it lists the printers with the portal's own token and writes
// HTML to open in a browser and print. Each code opens /jobs?printer=<id>.
import { writeFileSync } from "node:fs";
import { getEnv } from "@/lib/env";
import { labelSheet } from "@/lib/labels/label-sheet";
import { fetchPrinterChoices } from "@/lib/print-server/printer-list";
import { requestClientToken } from "@/lib/print-server/token-endpoint";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  const out = outAt >= 0 ? args[outAt + 1] : undefined;
  if (outAt >= 0 && !out) throw new Error("--out needs a file name");

  const env = getEnv();
  const token = await requestClientToken();
  const printers = await fetchPrinterChoices(token.accessToken);
  const html = await labelSheet(printers, env.PORTAL_URL, {
    title: "Printer labels: scan to print your jobs here",
    hint: "Scan to print your jobs here",
  });
  if (out) {
    writeFileSync(out, html);
    process.stderr.write(`${printers.length} labels written to ${out}\n`);
  } else process.stdout.write(html);
}

main().catch((error: unknown) => {
  process.stderr.write(`printer labels: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
