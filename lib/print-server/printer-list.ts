import "server-only";
import { processSingleton } from "@/lib/process-singletons";
import { PortalError } from "@/lib/browser-safe/errors";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { withClientToken } from "./client-token";
import { mapApiError } from "./error-mapping";
import { printerProblem, toPrinterList, type PrinterProblem } from "./printers";
import { send } from "./send";

// The printer list is the portal's to read (MyQ lists printers for client
// tokens only), the same for every user, and changes when a device goes
// offline: one answer serves this process for a few seconds. Only what a
// person needs to choose leaves here: never addresses or serial numbers.

export const printerListTtlMs = 5_000;
const pageSize = 1000;
/** A guard against a server whose paging never ends. */
const maxPages = 20;

export interface PrinterChoice {
  id: number;
  name: string;
  location: string | null;
  /** Null when it can print now. */
  problem: PrinterProblem | null;
}

/** A refusal of the portal's own token is the operator's to fix, never the person's session. */
function mapPrinterError(status: number, body: unknown, headers: Headers): PortalError {
  if (status === 401 || status === 403)
    return new PortalError(status === 403 ? "forbidden_scope" : "internal", {
      upstreamStatus: status,
      reason: "the portal's client token was refused for printers",
    });
  return mapApiError(status, body, headers);
}

export async function fetchPrinterChoices(
  clientToken: string,
  api: PrintServerApi = printServerApi(),
): Promise<PrinterChoice[]> {
  const choices: PrinterChoice[] = [];
  for (let page = 0; page < maxPages; page++) {
    const { data } = await send(
      () =>
        api.GET("/v3/printers", {
          params: { query: { limit: pageSize, start: page * pageSize } },
          headers: bearer(clientToken),
        }),
      mapPrinterError,
    );
    const list = toPrinterList(data);
    for (const printer of list.printers)
      choices.push({
        id: printer.id,
        name: printer.name,
        location: printer.location,
        problem: printerProblem(printer),
      });
    if (list.printers.length < pageSize || choices.length >= list.count) break;
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name));
}

interface PrinterCache {
  value?: PrinterChoice[];
  expiresAt?: number;
  pending?: Promise<PrinterChoice[]>;
}

/** This process's printer list, shared by every bundle (lib/process-singletons.ts). */
const processCache = () => processSingleton<PrinterCache>("print-server.printers", () => ({}));

export interface PrinterChoicesOptions {
  api?: PrintServerApi;
  token?: () => Promise<string>;
  now?: () => number;
  cache?: PrinterCache;
}

/** The printers, from this process's cache while fresh; callers that miss together share one request. */
export async function printerChoices(options: PrinterChoicesOptions = {}): Promise<PrinterChoice[]> {
  const now = options.now ?? Date.now;
  const cache = options.cache ?? processCache();
  if (cache.value && cache.expiresAt !== undefined && cache.expiresAt > now()) return cache.value;
  // One token for everyone, so sharing the request shares no person's failure.
  const read = (token: string) => fetchPrinterChoices(token, options.api);
  const tokenOf = options.token;
  cache.pending ??= (tokenOf ? tokenOf().then(read) : withClientToken(read))
    .then((value) => {
      cache.value = value;
      cache.expiresAt = now() + printerListTtlMs;
      return value;
    })
    .finally(() => {
      cache.pending = undefined;
    });
  return cache.pending;
}

/**
 * A printer refused a release (it went offline since the list was read): the
 * next caller reads the list anew, so the browser's refetch shows why.
 */
export function forgetPrinterChoices(cache: PrinterCache = processCache()): void {
  cache.value = undefined;
  cache.expiresAt = undefined;
}
