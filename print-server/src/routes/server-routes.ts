import type { FastifyInstance } from "fastify";
import { readServerSettings } from "../db/server-settings.js";
import type { Services } from "../services.js";
import { apiRoute, publicRoute } from "./api-route.js";

export function serverRoutes(app: FastifyInstance, s: Services): void {
  publicRoute(app, "getServerStatus", async (_request, reply) => reply.type("application/json").send("1"));

  publicRoute(app, "getCaCertificate", async (_request, reply) =>
    reply
      .type("application/x-pem-file")
      .header("Content-Disposition", 'inline; filename="print-server-ca.crt"')
      .send(s.caPem),
  );

  apiRoute(app, s, "getServerConfig", async () => readServerSettings(s.db));
}
