import "server-only";
import { z } from "zod";
import { printerCanPrint } from "@/lib/browser-safe/contract-assumptions";
import { parseAnswer } from "./parse-answer";

// Printers as MyQ lists them [MyQ]. Network details (address, MAC, serial)
// are read by nobody: the portal hands browsers name, location and state only.

const upstreamPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string().catch(""),
  mode: z.string().nullish().catch(null),
  location: z.string().nullish().catch(null),
});

const printerList = z.object({ printers: z.array(upstreamPrinter), count: z.number().int().optional() });

const printAll = z.object({
  jobs: z.array(z.object({ id: z.number().int(), projectId: z.number().int().nullish() })),
  moreJobs: z.boolean().catch(false).default(false),
});

export interface Printer {
  id: number;
  name: string;
  location: string | null;
  /** MyQ's state (`active`, `offline`, …), as given. */
  state: string;
  /** What the device reports (`online`, `offline`, `withIssue`) [ours]; null when not sent. */
  mode: string | null;
}

export function toPrinterList(body: unknown): { printers: Printer[]; count: number } {
  const list = parseAnswer(printerList, body, "printer list");
  const printers = list.printers.map((p) => ({
    id: p.id,
    name: p.name,
    location: p.location || null,
    state: p.state,
    mode: p.mode ?? null,
  }));
  return { printers, count: list.count ?? printers.length };
}

/** Why a printer cannot print now, or null when it can. */
export type PrinterProblem = "offline" | "problem" | "disabled";

export function printerProblem(printer: Pick<Printer, "state" | "mode">): PrinterProblem | null {
  if (printer.state !== printerCanPrint.state) return printer.state === "offline" ? "offline" : "disabled";
  if (printer.mode === null || printer.mode === printerCanPrint.mode) return null;
  return printer.mode === "offline" ? "offline" : "problem";
}

/** The user's jobs a "print all" at that printer would release. */
export function toPrintAll(body: unknown): { jobIds: number[]; moreJobs: boolean } {
  const answer = parseAnswer(printAll, body, "print all answer");
  return { jobIds: answer.jobs.map((j) => j.id), moreJobs: answer.moreJobs };
}
