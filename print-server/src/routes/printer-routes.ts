import type { PrinterRow } from "../db/printers.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";
import { userIdOf } from "./job-routes.js";

/** What "print all" lists at most at once; `moreJobs` tells the client to ask again after releasing these. */
const PRINT_ALL_LIMIT = 500;

/** A printer in MyQ's shape (network details included: only client tokens see printers), with our color and duplex. */
function printerDto(p: PrinterRow): Schemas["Printer"] {
  return {
    id: p.id,
    name: p.name,
    state: p.state,
    mode: p.mode,
    ipAddress: p.ip_address ?? "",
    serialNumber: p.serial_number ?? "",
    mac: p.mac ?? "",
    terminalId: "",
    brand: p.brand ?? "",
    model: p.model ?? "",
    notes: p.notes ?? "",
    location: p.location ?? "",
    enforcedModel: "",
    configurationId: 1,
    color: p.colour === 1,
    duplex: p.duplex === 1,
  };
}

export const printerRoutes: RoutePlugin = async (app, { services: s }) => {
  function printer(id: number): PrinterRow {
    const found = s.printers.byId(id);
    if (!found) throw apiErrors.notFound("The printer");
    return found;
  }

  apiRoute(app, s, "listPrinters", async (request) => {
    const { status, name, group, limit = 100, start = 0 } = request.query;
    const { printers, count } = s.printers.list({ status, name, group }, limit, start);
    return { printers: printers.map(printerDto), count };
  });

  apiRoute(app, s, "getPrinter", async (request) => printerDto(printer(request.params.id)));

  apiRoute(app, s, "getPrintAll", async (request, _reply, auth) => {
    printer(request.params.id);
    const { ids, count } = s.jobs.readyOf(userIdOf(auth), PRINT_ALL_LIMIT);
    return {
      jobs: ids.map((id) => ({ id, projectId: 0 })),
      counters: [count],
      moreJobs: count > ids.length,
      projectSelected: false,
    };
  });

  apiRoute(app, s, "releaseJobs", async (request, reply, auth) => {
    const key = request.headers["idempotency-key"];
    if (Array.isArray(key) || (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key))) {
      throw apiErrors.invalidRequest("Idempotency-Key must be one value of 1 to 200 visible ASCII characters.");
    }
    return reply.code(202).send(s.printing.release(userIdOf(auth), request.params.id, request.body, key));
  });
};
